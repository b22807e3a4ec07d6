import { describe, expect, it } from "vitest";
import { type MetaValue, validateMetadata } from "../../helpers/gguf-fixture.js";

function meta(overrides: Record<string, MetaValue | undefined>): Map<string, MetaValue> {
  const base: Record<string, MetaValue> = {
    "general.architecture": { str: "llama" },
    "llama.context_length": { u32: 4096 },
    "llama.embedding_length": { u32: 64 },
    "llama.block_count": { u32: 2 },
    "llama.feed_forward_length": { u32: 128 },
    "llama.attention.head_count": { u32: 4 },
    "llama.attention.head_count_kv": { u32: 4 },
    "llama.attention.layer_norm_rms_epsilon": { f32: 1e-5 },
    "tokenizer.ggml.model": { str: "llama" },
    "tokenizer.ggml.tokens": { strs: ["<unk>", "a", "b"] },
    "tokenizer.ggml.scores": { f32s: [0, 0, 0] },
    "tokenizer.ggml.token_type": { i32s: [2, 1, 1] },
  };
  const merged = { ...base, ...overrides };
  return new Map(Object.entries(merged).filter((entry): entry is [string, MetaValue] => entry[1] !== undefined));
}

// llama.cpp answers these with GGML_ASSERT, which kills the test process instead of throwing.
describe("the GGUF fixture writer refuses metadata llama.cpp would abort on", () => {
  it("accepts complete metadata", () => {
    expect(() => validateMetadata(meta({}))).not.toThrow();
  });

  it.each(["llama.feed_forward_length", "llama.attention.head_count"])("a missing %s", (key) => {
    expect(() => validateMetadata(meta({ [key]: undefined }))).toThrow(key);
  });

  it("a duplicate token, and per-token arrays of the wrong length", () => {
    expect(() => validateMetadata(meta({ "tokenizer.ggml.tokens": { strs: ["<unk>", "a", "a"] } }))).toThrow('duplicate token "a"');
    expect(() => validateMetadata(meta({ "tokenizer.ggml.scores": { f32s: [0] } }))).toThrow("tokenizer.ggml.scores");
  });
});
