// Opens a scan, recognizes it, searches a word, adds a form field under it and writes the
// result searchable, restricted and linearized:
//
//     swift run LibraryClient ../scan-g4.pdf /tmp/out.pdf barometer
import Foundation
import Legible

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: LibraryClient INPUT.pdf OUTPUT.pdf WORD\n".utf8))
    exit(1)
}
let input = URL(fileURLWithPath: arguments[1]), output = URL(fileURLWithPath: arguments[2]), word = arguments[3]

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("LibraryClient: \(message)\n".utf8))
    exit(code)
}

do {
    let document = try PDFDocument(contentsOf: input)
    let recognized = try await document.recognizeText(languages: ["eng"]) { done, total in
        print("recognized \(done) of \(total) pages")
    }
    print("\(recognized.count) of \(document.pageCount) pages needed OCR")

    guard let hit = document.findString(word, withOptions: .caseInsensitive).first, let page = hit.pages.first else {
        fail("'\(word)' was not found", 3)
    }
    let box = hit.bounds(for: page)
    print("found '\(hit.string ?? "")' on page \(document.index(for: page) + 1) at \(box)")

    // A text field just below the word, for a reader's note.
    let field = PDFAnnotation(bounds: CGRect(x: box.minX, y: max(0, box.minY - 22), width: 160, height: 18),
                              forType: .widget, withProperties: [PDFAnnotationKey.fieldName: "note"])
    page.addAnnotation(field)

    try document.write(to: output, options: [
        .saveTextFromOCROption: true,                    // the invisible text layer
        .ownerPasswordOption: "owner",                   // opens without a password, but…
        .accessPermissionsOption: PDFAccessPermissions([.printing, .copying, .contentAccessibility, .formFieldEntry]),
        .linearizeOption: true,                          // fast web view
    ])
    print("wrote \(output.path)")
} catch let error as LegibleError {
    fail(error.message, error.code == .missingDependency ? 3 : 2)
}
