import FileIO
import Forms
import PDF

extension WriteStage {
    /// Adds `fields` as the document's form, in the same rewrite as any text layers: one
    /// write for both.
    func addForm(_ fields: [FormField], existing: ExistingFormPolicy) throws -> AcroFormSummary {
        do {
            return try AcroFormWriter(rewriter: rewriter).add(fields, existing: existing)
        } catch let error as FormsError {
            throw PipelineError(.badInput, error.message)
        }
    }
}
