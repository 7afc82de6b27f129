import FileIO
import Foundation
import Pipeline

/// The summary report of a batch, as CSV or JSON (chosen by the file's extension), and the
/// merging of the per-shard reports of a cluster run.
public enum BatchReport {
    static let columns = ["file", "pages", "outcome", "reason", "seconds"]

    private enum Format { case csv, json }

    private static func format(of url: URL) throws -> Format {
        switch url.pathExtension.lowercased() {
        case "csv": return .csv
        case "json": return .json
        default: throw PipelineError(.badArguments, "report \(url.lastPathComponent): name it .csv or .json to choose the format")
        }
    }

    /// Checks that `url` names a format before a long run starts.
    public static func validate(_ url: URL) throws { _ = try format(of: url) }

    /// Writes `records` to `url` atomically, sorted by file.
    public static func write(_ records: [BatchRecord], to url: URL) throws {
        let sorted = records.sorted { $0.file < $1.file }
        switch try format(of: url) {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data: Data
            do { data = try encoder.encode(sorted) } catch { throw PipelineError(.other, "cannot encode the report: \(error)") }
            try DurableFiles.write(String(decoding: data, as: UTF8.self) + "\n", to: url)
        case .csv:
            var text = columns.joined(separator: ",") + "\n"
            for record in sorted {
                let fields = [record.file, String(record.pages), record.outcome.rawValue, record.reason, String(format: "%.3f", record.seconds)]
                text += fields.map(CSV.quote).joined(separator: ",") + "\n"
            }
            try DurableFiles.write(text, to: url)
        }
    }

    /// Reads a report written by `write`.
    /// - Throws: `PipelineError.badInput` naming the file and line when it is not one.
    public static func read(_ url: URL) throws -> [BatchRecord] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PipelineError(.fileAccess, "cannot read the report \(url.path): \(error.localizedDescription)")
        }
        switch try format(of: url) {
        case .json:
            do { return try JSONDecoder().decode([BatchRecord].self, from: data) } catch {
                throw PipelineError(.badInput, "\(url.lastPathComponent) is not a Legible batch report: \(error)")
            }
        case .csv:
            let rows = CSV.parse(String(decoding: data, as: UTF8.self))
            guard let header = rows.first, header == columns else {
                throw PipelineError(.badInput, "\(url.lastPathComponent) is not a Legible batch report (its header is not \(columns.joined(separator: ",")))")
            }
            return try rows.dropFirst().enumerated().map { offset, row in
                guard row.count == columns.count, let pages = Int(row[1]),
                      let outcome = BatchRecord.Outcome(rawValue: row[2]), let seconds = Double(row[4]) else {
                    throw PipelineError(.badInput, "\(url.lastPathComponent), row \(offset + 2): not a report row")
                }
                return BatchRecord(file: row[0], pages: pages, outcome: outcome, reason: row[3], seconds: seconds)
            }
        }
    }

    /// The rows of several shards' reports as one report, sorted by file.
    /// - Throws: `PipelineError.badInput` when two reports list the same file (shards overlap
    ///   or one report was given twice).
    public static func merge(_ urls: [URL]) throws -> [BatchRecord] {
        var byFile: [String: (record: BatchRecord, source: URL)] = [:]
        for url in urls {
            for record in try read(url) {
                if let earlier = byFile[record.file] {
                    throw PipelineError(.badInput, "\(record.file) is in both \(earlier.source.lastPathComponent) and \(url.lastPathComponent): were the shards run with different counts?")
                }
                byFile[record.file] = (record, url)
            }
        }
        return byFile.values.map(\.record).sorted { $0.file < $1.file }
    }
}
