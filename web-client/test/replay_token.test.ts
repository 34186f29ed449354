// Which token opens the room's replay (docs/operating.md "Replays"): the TV's host token,
// or, on the host phone, its own seat token, never another room's.
import { describe, expect, it } from "vitest";
import { TokenStore } from "../src/net/tokens";
import { replayToken } from "../src/replay/ReplayDownload";
import { memoryStorage } from "./fakes";

describe("the replay button's token", () => {
  const tokens = new TokenStore(memoryStorage());
  tokens.setHost({ room: "BCDF", token: "tv-token-of-bcdf" });
  tokens.setHost({ room: "GHJK", token: "tv-token-of-ghjk" });
  tokens.setSeat("BCDF", { room: "BCDF", token: "seat-token-of-bcdf" });

  it("is the TV's own host token for its room, on the TV", () => {
    expect(replayToken("BCDF", "tv", tokens)?.token).toBe("tv-token-of-bcdf");
    expect(replayToken("bcdf", "tv", tokens)?.token).toBe("tv-token-of-bcdf");
    expect(replayToken(null, "tv", tokens)?.token).toBe("tv-token-of-ghjk"); // the last room this TV hosted
  });

  it("is the phone's own seat token on the host phone", () => {
    expect(replayToken("BCDF", "phone", tokens)?.token).toBe("seat-token-of-bcdf");
    expect(replayToken("GHJK", "phone", tokens)).toBeNull(); // no seat there: nothing to send
    expect(replayToken(null, "phone", tokens)).toBeNull();
  });
});
