import FileIO
/// One part of a run split across processes or machines: shard `index` of `count` takes the
/// files whose stable path hash falls to it, so every worker, without talking to the others,
/// agrees on who does what and every file is done by exactly one.
public struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    /// 0-based shard number, below `count`.
    public let index: Int
    /// How many shards there are.
    public let count: Int

    /// The whole run as one shard.
    public static let all = ShardSpec(uncheckedIndex: 0, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Creates shard `index` of `count`.
    /// - Throws: `PipelineError.badArguments` unless 0 ≤ index < count ≤ 100000.
    public init(index: Int, count: Int) throws {
        guard count >= 1, count <= 100_000, index >= 0, index < count else {
            throw PipelineError(.badArguments, "bad shard \(index)/\(count): the index counts from 0 and must be below the count (e.g. 0/4 … 3/4)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses "I/N" as given to `--shard`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw PipelineError(.badArguments, "--shard takes INDEX/COUNT, e.g. 0/4, not '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    /// Where the shard came from, for messages.
    public enum Source: Sendable, Equatable {
        /// `--shard I/N`.
        case option
        /// `JOB_COMPLETION_INDEX` and `--shard-count`.
        case kubernetes
        /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`.
        case slurm
        /// No sharding: the whole run.
        case none
    }

    /// The shard to run: `--shard` if given; else Kubernetes' `JOB_COMPLETION_INDEX` with
    /// `countOption` (Indexed Jobs do not export the completion count); else Slurm's
    /// `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN`, as arrays may start at 1) of
    /// `SLURM_ARRAY_TASK_COUNT`; else the whole run.
    public static func resolve(option: String?, countOption: Int?, environment: [String: String]) throws -> (ShardSpec, Source) {
        if let option {
            let shard = try ShardSpec(parsing: option)
            if let countOption, countOption != shard.count {
                throw PipelineError(.badArguments, "--shard \(option) and --shard-count \(countOption) disagree; give one")
            }
            return (shard, .option)
        }
        if let text = environment["JOB_COMPLETION_INDEX"], let countOption {
            guard let index = Int(text) else {
                throw PipelineError(.badArguments, "JOB_COMPLETION_INDEX is '\(text)', not a number")
            }
            return (try ShardSpec(index: index, count: countOption), .kubernetes)
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"] {
            let countText = environment["SLURM_ARRAY_TASK_COUNT"]
            guard let id = Int(text), let count = countOption ?? countText.flatMap({ Int($0) }) else {
                throw PipelineError(.badArguments, "SLURM_ARRAY_TASK_ID is set but the shard count is unknown: SLURM_ARRAY_TASK_COUNT is '\(countText ?? "")'; pass --shard-count N")
            }
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            return (try ShardSpec(index: id - minimum, count: count), .slurm)
        }
        if let countOption {
            throw PipelineError(.badArguments, "--shard-count \(countOption) needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID in the environment (or use --shard I/N)")
        }
        return (.all, .none)
    }

    /// Whether the file at `relativePath` belongs to this shard.
    public func contains(relativePath: String) -> Bool {
        count == 1 || Int(FNV1a64.hash(relativePath) % UInt64(count)) == index
    }

    /// A name for per-shard files: "all", or "2of4".
    public var fileTag: String { count == 1 ? "all" : "\(index)of\(count)" }

    public var description: String { "\(index)/\(count)" }
}
