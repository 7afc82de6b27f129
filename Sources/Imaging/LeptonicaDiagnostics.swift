import CLeptonica

/// Leptonica's own messages on standard error ("Info in pixRotate: …", "Error in pixRead…").
/// Legible turns every Leptonica failure into a typed error with a one-line message, so a
/// command's output keeps to those lines.
public enum LeptonicaDiagnostics {
    /// Silences Leptonica for the rest of the process.
    public static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
