// A screen's copy of its view, kept from `state` and `change` frames: the
// TypeScript twin of protocol/patch.py (docs/protocol.md, "Changes").
//
// An op is [path, value] (set the value at path) or [path] (remove that map
// key); a path lists map keys and list indexes from the root of the view.
// Ops are applied copy-on-write: every map or list on the path is a new
// object, so a screen that compares by identity sees what changed.

export type Path = (string | number)[];
export type Op = [Path, unknown] | [Path];

export class PatchError extends Error {}

/** `value` with `ops` applied in order; `value` itself is left as it was. */
export function applyOps<T>(value: T, ops: Op[]): T {
  let out: unknown = value;
  for (const op of ops) {
    if (!Array.isArray(op) || (op.length !== 1 && op.length !== 2) || !Array.isArray(op[0])) {
      throw new PatchError("not an op");
    }
    const path = op[0];
    if (path.length === 0) {
      if (op.length === 1) throw new PatchError("the whole view cannot be removed");
      out = op[1];
    } else {
      out = applyAt(out, path, 0, op);
    }
  }
  return out as T;
}

function applyAt(node: unknown, path: Path, depth: number, op: Op): unknown {
  const key = path[depth];
  let copy: Record<string, unknown> | unknown[];
  if (Array.isArray(node)) {
    if (typeof key !== "number" || key < 0 || key >= node.length) throw new PatchError(`no index ${key}`);
    copy = node.slice();
  } else if (node !== null && typeof node === "object" && typeof key === "string") {
    copy = { ...(node as Record<string, unknown>) };
  } else {
    throw new PatchError(`no ${String(key)} at depth ${depth}`);
  }
  const at = copy as Record<string | number, unknown>;
  if (depth === path.length - 1) {
    if (op.length === 2) {
      at[key] = op[1];
    } else if (!Array.isArray(copy) && key in copy) {
      delete at[key];
    } else {
      throw new PatchError(`nothing to remove at ${path.join(".")}`);
    }
  } else {
    if (!Array.isArray(copy) && !(key in copy)) throw new PatchError(`no ${String(key)} at depth ${depth}`);
    at[key] = applyAt(at[key], path, depth + 1, op);
  }
  return copy;
}

/** A change that does not start from the version this copy holds: a full state is needed. */
export class Gap extends Error {}

/** The latest whole view and its view version `v`. */
export class Mirror<View extends object = Record<string, unknown>> {
  view: View | null = null;
  v: number | null = null;

  /** Take one frame; true when it was a state or change (the view moved on). Throws Gap or PatchError. */
  receive(message: { t: string } | ({ t: string } & Record<string, unknown>)): boolean {
    const frame = message as { t: string } & Record<string, unknown>;
    if (frame.t === "state") {
      const { t: _t, v, ...view } = frame;
      this.view = view as unknown as View;
      this.v = typeof v === "number" ? v : null;
      return true;
    }
    if (frame.t === "change") {
      if (this.view === null || frame.base !== this.v) throw new Gap(`change from ${frame.base} on top of ${this.v}`);
      this.view = applyOps(this.view, frame.ops as Op[]);
      this.v = frame.v as number;
      return true;
    }
    return false;
  }

  /** Forget the view (a new socket starts from a full state). */
  reset(): void {
    this.view = null;
    this.v = null;
  }
}
