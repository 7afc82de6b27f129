extension PDFDocument {
    /// Recovery: the scan finds only objects stored at the top level of the file; those inside
    /// the object streams it met are added here, once the document can decrypt and decode the
    /// streams. Objects defined at the top level keep their definition.
    /// - Returns: the first member that says it is a catalog, for a trailer that names none.
    ///   Only called from `init`.
    func indexRecoveredObjectStreams() -> ObjectRef? {
        var catalog: ObjectRef?
        for streamNumber in xref.recoveredObjectStreams {
            guard let members = try? objectStreamMembers(streamNumber) else { continue }
            for (number, member) in members.sorted(by: { $0.key < $1.key }) {
                guard xref.entries[number] == nil else { continue }
                xref.entries[number] = .compressed(stream: streamNumber, index: 0)
                if catalog == nil, member.dictionaryValue?["Type"]?.nameValue == "Catalog" {
                    catalog = ObjectRef(number, 0)
                }
            }
        }
        return catalog
    }
}
