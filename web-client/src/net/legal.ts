/**
 * A seat's `legal` list: commands, and patterns standing for many
 * (docs/protocol.md, "Legal commands").
 *
 * Most entries are commands exactly as they are sent back. A family too
 * long to list (the New York Slice Slicer's every way to cut the ring) is
 * one pattern: a command whose fields may hold `{"$choose": k, "$below": n}`
 * (any increasing list of k distinct integers from 0 to n - 1) or
 * `{"$one_of": [...]}` (any one of those values).
 */
import type { Command } from "./wire";

type Rule = { $choose?: number; $below?: number; $one_of?: unknown[] };

function isRule(value: unknown): value is Rule {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).some((k) => k.startsWith("$"));
}

/** Wire equality: the same JSON-like value (1 and true differ). */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (typeof a === "object" && a !== null) {
    if (typeof b !== "object" || b === null || Array.isArray(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

function fieldMatches(rule: unknown, value: unknown): boolean {
  if (!isRule(rule)) return same(rule, value);
  if (rule.$choose !== undefined) {
    const k = rule.$choose;
    const n = rule.$below ?? 0;
    return (
      Array.isArray(value) &&
      value.length === k &&
      value.every((x, i) => Number.isInteger(x) && x >= 0 && x < n && (i === 0 || x > value[i - 1]))
    );
  }
  if (rule.$one_of !== undefined) return rule.$one_of.some((option) => same(option, value));
  return false;
}

/** Whether `command` is the entry `entry`, or one of the commands that pattern stands for. */
export function matchesLegal(entry: Command, command: Command): boolean {
  const keys = Object.keys(entry);
  if (keys.length !== Object.keys(command).length) return false;
  return keys.every((k) => k in command && fieldMatches(entry[k], command[k]));
}

/** Whether the seat may send `command` now. */
export function isLegal(legal: Command[] | null | undefined, command: Command): boolean {
  return (legal ?? []).some((entry) => matchesLegal(entry, command));
}
