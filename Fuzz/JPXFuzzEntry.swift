// libFuzzer entry for the JPEG 2000 decoder (Sources/Imaging/JPX). Not part of the Swift package:
// `make fuzz-jpx` compiles it with the decoder's own files, ImagingError and the MQ decoder it
// shares with JBIG2, as one module with `-sanitize=fuzzer,address` (no Leptonica, no PixImage).

/// The input is JP2 file bytes or a bare codestream. Any outcome is fine but a crash, a hang, a
/// leak or runaway memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func jpxFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? JPXDecoder.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
