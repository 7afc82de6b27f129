/// How an encrypted PDF is protected, as read from its `/Encrypt` dictionary once a password
/// opened it (ISO 32000-2 §7.6).
public struct EncryptionInfo: Sendable, Equatable {
    /// The cipher a crypt filter applies.
    public enum Method: String, Sendable, Equatable {
        /// No encryption (the `Identity` crypt filter, or `/CFM /None`).
        case none = "None"
        /// RC4 (`/CFM /V2`, and every string and stream before `/V 4`).
        case rc4 = "RC4"
        /// AES-128 in CBC mode (`/CFM /AESV2`).
        case aes128 = "AESV2"
        /// AES-256 in CBC mode (`/CFM /AESV3`).
        case aes256 = "AESV3"
    }

    /// What the document lets a user holding only the user password do: the `/P` bits
    /// (ISO 32000-2 table 22). A reader opened with the owner password may do everything.
    public struct Permissions: OptionSet, Sendable, Hashable {
        /// The permission bits, numbered from 0 (the specification numbers them from 1).
        public let rawValue: UInt32

        /// Creates a set from its bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Print the document (bit 3), possibly only at low resolution (see `printHighQuality`).
        public static let print = Permissions(rawValue: 1 << 2)
        /// Change the document other than by the operations below (bit 4).
        public static let modify = Permissions(rawValue: 1 << 3)
        /// Copy or otherwise extract text and graphics (bit 5).
        public static let extract = Permissions(rawValue: 1 << 4)
        /// Add or change annotations, and fill in form fields (bit 6).
        public static let annotate = Permissions(rawValue: 1 << 5)
        /// Fill in form fields, even where `annotate` is not granted (bit 9).
        public static let fillForms = Permissions(rawValue: 1 << 8)
        /// Extract text and graphics for accessibility (bit 10).
        public static let extractForAccessibility = Permissions(rawValue: 1 << 9)
        /// Insert, rotate or delete pages, and create bookmarks and thumbnails (bit 11).
        public static let assemble = Permissions(rawValue: 1 << 10)
        /// Print at full quality rather than a degraded version (bit 12).
        public static let printHighQuality = Permissions(rawValue: 1 << 11)

        /// Every permission with its name, in bit order.
        public static let named: [(name: String, permission: Permissions)] = [
            ("print", .print), ("modify", .modify), ("extract", .extract), ("annotate", .annotate),
            ("fillForms", .fillForms), ("extractForAccessibility", .extractForAccessibility),
            ("assemble", .assemble), ("printHighQuality", .printHighQuality),
        ]

        /// The names of the permissions granted, in bit order.
        public var names: [String] { Permissions.named.filter { contains($0.permission) }.map(\.name) }

        /// Decodes a `/P` value. Revision 2 defines only bits 3–6; its documents grant the
        /// later permissions through the older bits they refine, as revision 3 readers do.
        public init(p: Int32, revision: Int) {
            let bits = UInt32(bitPattern: p)
            var granted = Permissions(rawValue: bits).intersection(Permissions(Permissions.named.map(\.permission)))
            if revision < 3 {
                granted.subtract([.fillForms, .extractForAccessibility, .assemble, .printHighQuality])
                if granted.contains(.annotate) { granted.insert(.fillForms) }
                if granted.contains(.extract) { granted.insert(.extractForAccessibility) }
                if granted.contains(.modify) { granted.insert(.assemble) }
                if granted.contains(.print) { granted.insert(.printHighQuality) }
            }
            self = granted
        }
    }

    /// The security handler (`/Filter`), e.g. `Standard`.
    public var handler: String
    /// The algorithm version (`/V`).
    public var version: Int
    /// The standard security handler's revision (`/R`).
    public var revision: Int
    /// The file encryption key's length in bits (40 to 128 for RC4, 128 or 256 for AES).
    public var keyLength: Int
    /// How strings are encrypted.
    public var stringMethod: Method
    /// How streams are encrypted.
    public var streamMethod: Method
    /// How embedded files are encrypted.
    public var embeddedFileMethod: Method
    /// The `/P` value as stored.
    public var rawPermissions: Int32
    /// The permissions `/P` grants a user-password reader.
    public var permissions: Permissions
    /// Whether the password given (or the empty one tried) was the owner password.
    public var ownerPasswordUsed: Bool
    /// Whether XMP metadata streams are encrypted (`/EncryptMetadata`).
    public var encryptsMetadata: Bool

    /// Creates a description.
    public init(handler: String, version: Int, revision: Int, keyLength: Int, stringMethod: Method,
                streamMethod: Method, embeddedFileMethod: Method, rawPermissions: Int32,
                ownerPasswordUsed: Bool, encryptsMetadata: Bool) {
        self.handler = handler
        self.version = version
        self.revision = revision
        self.keyLength = keyLength
        self.stringMethod = stringMethod
        self.streamMethod = streamMethod
        self.embeddedFileMethod = embeddedFileMethod
        self.rawPermissions = rawPermissions
        self.permissions = Permissions(p: rawPermissions, revision: revision)
        self.ownerPasswordUsed = ownerPasswordUsed
        self.encryptsMetadata = encryptsMetadata
    }
}
