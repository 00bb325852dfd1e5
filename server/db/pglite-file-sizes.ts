/**
 * PGlite on disk (NODEFS) answers every lseek(SEEK_END) with an fstat: PostgreSQL asks a
 * relation's size that way each time it scans or extends it, about a hundred times per stock
 * write, and at 250 req/s those fstat calls were 14 % of the database's time (bench:api with
 * BENCH_SERVER_PROFILE). Here each file's size is remembered after its first fstat and kept by the
 * writes that go past its end; anything else that can change a size forgets it, so the next
 * SEEK_END asks the disk again:
 * - setattr (of a node or of an open stream): truncate and ftruncate, VACUUM shortening a table;
 * - open: O_TRUNC empties the file at the system's level.
 * PGlite holds its folder alone (no other process writes it) and every write of PostgreSQL's goes
 * through NODEFS.stream_ops.write, msync's too, so no size can change unseen. The sizes hang on
 * Emscripten's file nodes (one per path while it exists), in a WeakMap: a file unlinked or
 * renamed keeps its node, and the node's size is still its file's.
 */
import type { PGlite } from '@electric-sql/pglite'

interface FsNode {
  mode: number
}
interface FsStream {
  node: FsNode
}
type StreamOps = Record<string, (this: unknown, stream: FsStream, ...args: never[]) => unknown>
type NodeOps = Record<string, (this: unknown, node: FsNode, ...args: never[]) => unknown>
interface NodeFs {
  stream_ops: StreamOps
  node_ops: NodeOps
  sizesKept?: WeakMap<FsNode, number>
}

const SEEK_END = 2
const EINVAL = 28

/** Keeps the file sizes of this PGlite's NODEFS (once per instance); answers the sizes kept. */
export function keepFileSizes(pglite: PGlite): WeakMap<object, number> {
  const FS = pglite.Module.FS
  const nodefs = pglite.Module.NODEFS as unknown as NodeFs | undefined
  if (!nodefs?.stream_ops || !nodefs.node_ops) return new WeakMap() // a build without NODEFS: nothing to keep
  if (nodefs.sizesKept) return nodefs.sizesKept
  const sizes = new WeakMap<FsNode, number>()
  nodefs.sizesKept = sizes
  const stream = nodefs.stream_ops
  const node = nodefs.node_ops
  const { llseek, write, open, setattr: streamSetattr } = stream
  const { setattr: nodeSetattr } = node
  if (!llseek || !write || !open || !nodeSetattr) return sizes

  stream.llseek = function (this: unknown, s: FsStream, offset: number, whence: number) {
    if (whence !== SEEK_END || !FS.isFile(s.node.mode))
      return llseek.call(this, s, offset as never, whence as never)
    let size = sizes.get(s.node)
    if (size === undefined) {
      size = llseek.call(this, s, 0 as never, SEEK_END as never) as number
      sizes.set(s.node, size)
    }
    const position = size + offset
    if (position < 0) throw new FS.ErrnoError(EINVAL)
    return position
  } as StreamOps[string]

  stream.write = function (this: unknown, s: FsStream, ...args: never[]) {
    let written: number
    try {
      written = write.call(this, s, ...args) as number
    } catch (error) {
      sizes.delete(s.node)
      throw error
    }
    // (stream, buffer, offset, length, position): FS.write always gives the position.
    const position = args[3] as unknown
    const size = sizes.get(s.node)
    if (size !== undefined) {
      if (typeof position === 'number') sizes.set(s.node, Math.max(size, position + written))
      else sizes.delete(s.node)
    }
    return written
  } as StreamOps[string]

  /** `op`, after which the size of the file it touched is asked of the disk again. */
  const forgetting = <T>(
    op: (this: unknown, target: T, ...args: never[]) => unknown,
    nodeOf: (target: T) => FsNode,
  ) =>
    function (this: unknown, target: T, ...args: never[]) {
      try {
        return op.call(this, target, ...args)
      } finally {
        sizes.delete(nodeOf(target))
      }
    }
  stream.open = forgetting(open, (s: FsStream) => s.node)
  if (streamSetattr) stream.setattr = forgetting(streamSetattr, (s: FsStream) => s.node)
  node.setattr = forgetting(nodeSetattr, (n: FsNode) => n)
  return sizes
}
