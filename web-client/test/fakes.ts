// Test doubles: a socket the test drives by hand and a clock it advances.
import { decode, encode } from "@msgpack/msgpack";
import type { Clock, SocketLike } from "../src/net/connection";

export class FakeSocket implements SocketLike {
  binaryType = "blob";
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  send(data: Uint8Array | string): void {
    this.sent.push(decode(data as Uint8Array) as Record<string, unknown>);
  }
  close(code = 1000): void {
    this.closedWith = code;
  }
  // driven by the test
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: Record<string, unknown>): void {
    this.receiveMany([frame]);
  }
  /** One message holding several frames back to back, as the hub writes them. */
  receiveMany(frames: Record<string, unknown>[]): void {
    const parts = frames.map((f) => encode(f));
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    this.onmessage?.({ data: bytes.buffer });
  }
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

export class FakeClock implements Clock {
  t = 0;
  private timers: { at: number; fn: () => void; every?: number; id: number }[] = [];
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== h);
  }
  setInterval(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.t + ms, fn, every: ms, id });
    return id;
  }
  clearInterval(h: unknown): void {
    this.clearTimeout(h);
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.t = due.at;
      if (due.every) due.at += due.every;
      else this.timers.shift();
      due.fn();
    }
    this.t = end;
  }
  pending(): number {
    return this.timers.length;
  }
}

export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}
