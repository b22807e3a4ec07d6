/**
 * A tiny llama-architecture GGUF written from scratch (no Python, no download): random weights
 * from a seed, a character-level SPM vocabulary and a ChatML template. It cannot say anything
 * meaningful; it proves loading, streaming, grammar-constrained tool calls and interrupts.
 * llama.cpp kills the whole process (GGML_ASSERT) on some bad metadata instead of throwing, so
 * the writer checks the keys it knows are fatal before writing anything.
 */
import { writeFileSync } from "node:fs";
import { prng } from "./prng.mjs";

type Scalar = { u32: number } | { i32: number } | { f32: number } | { str: string } | { bool: boolean };
export type MetaValue = Scalar | { strs: string[] } | { f32s: number[] } | { i32s: number[] };
interface Tensor {
  name: string;
  /** ggml order: innermost dimension first. */
  dims: number[];
  data: Float32Array;
}

const ALIGN = 32;
const T = { U32: 4, I32: 5, F32: 6, BOOL: 7, STR: 8, ARR: 9 } as const;
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, unused: 5, byte: 6 } as const;

class Out {
  private chunks: Buffer[] = [];
  size = 0;
  push(buf: Buffer): void {
    this.chunks.push(buf);
    this.size += buf.length;
  }
  /** Appends a fixed-size little-endian field of `size` bytes that `write` fills. */
  private fixed(size: number, write: (b: Buffer) => unknown): void {
    const b = Buffer.alloc(size);
    write(b);
    this.push(b);
  }
  u32(n: number): void {
    this.fixed(4, (b) => b.writeUInt32LE(n));
  }
  i32(n: number): void {
    this.fixed(4, (b) => b.writeInt32LE(n));
  }
  u64(n: number): void {
    this.fixed(8, (b) => b.writeBigUInt64LE(BigInt(n)));
  }
  f32(n: number): void {
    this.fixed(4, (b) => b.writeFloatLE(n));
  }
  str(s: string): void {
    const bytes = Buffer.from(s, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.size % ALIGN;
    if (rest !== 0) this.push(Buffer.alloc(ALIGN - rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeValue(out: Out, value: MetaValue): void {
  if ("u32" in value) return (out.u32(T.U32), out.u32(value.u32));
  if ("i32" in value) return (out.u32(T.I32), out.i32(value.i32));
  if ("f32" in value) return (out.u32(T.F32), out.f32(value.f32));
  if ("bool" in value) return (out.u32(T.BOOL), out.push(Buffer.from([value.bool ? 1 : 0])));
  if ("str" in value) return (out.u32(T.STR), out.str(value.str));
  out.u32(T.ARR);
  if ("strs" in value) return (out.u32(T.STR), out.u64(value.strs.length), value.strs.forEach((s) => out.str(s)));
  if ("f32s" in value) return (out.u32(T.F32), out.u64(value.f32s.length), value.f32s.forEach((n) => out.f32(n)));
  out.u32(T.I32);
  out.u64(value.i32s.length);
  value.i32s.forEach((n) => out.i32(n));
}

const REQUIRED_KEYS = [
  "general.architecture",
  "llama.context_length",
  "llama.embedding_length",
  "llama.block_count",
  "llama.feed_forward_length",
  "llama.attention.head_count",
  "llama.attention.head_count_kv",
  "llama.attention.layer_norm_rms_epsilon",
  "tokenizer.ggml.model",
  "tokenizer.ggml.tokens",
  "tokenizer.ggml.scores",
  "tokenizer.ggml.token_type",
];

/** Throws on metadata llama.cpp would assert on (which would kill the test process). */
export function validateMetadata(meta: Map<string, MetaValue>): void {
  const missing = REQUIRED_KEYS.filter((key) => !meta.has(key));
  if (missing.length > 0) throw new Error(`GGUF fixture: missing metadata ${missing.join(", ")}`);
  const tokens = (meta.get("tokenizer.ggml.tokens") as { strs: string[] }).strs;
  const seen = new Set<string>();
  for (const token of tokens) {
    if (seen.has(token)) throw new Error(`GGUF fixture: duplicate token ${JSON.stringify(token)}`);
    seen.add(token);
  }
  for (const key of ["tokenizer.ggml.scores", "tokenizer.ggml.token_type"]) {
    const value = meta.get(key) as { f32s?: number[]; i32s?: number[] };
    if ((value.f32s ?? value.i32s ?? []).length !== tokens.length) throw new Error(`GGUF fixture: ${key} does not have one entry per token`);
  }
}

export function writeGguf(path: string, meta: Map<string, MetaValue>, tensors: Tensor[]): number {
  validateMetadata(meta);
  const out = new Out();
  out.push(Buffer.from("GGUF", "latin1"));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(meta.size);
  for (const [key, value] of meta) {
    out.str(key);
    writeValue(out, value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    out.str(tensor.name);
    out.u32(tensor.dims.length);
    tensor.dims.forEach((d) => out.u64(d));
    out.u32(0); // F32
    out.u64(offset);
    offset += Math.ceil((tensor.data.byteLength) / ALIGN) * ALIGN;
  }
  out.pad();
  for (const tensor of tensors) {
    out.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    out.pad();
  }
  const bytes = out.bytes();
  writeFileSync(path, bytes);
  return bytes.length;
}

export const FIXTURE_SHAPE = { layers: 2, hidden: 64, heads: 4, ff: 128, context: 4096 } as const;

function vocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"];
  const types: number[] = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.control];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
    // Bytes >= 0x80 alone are invalid UTF-8: random sampling must not be able to pick them.
    types.push(byte >= 0x80 ? TOKEN_TYPE.unused : TOKEN_TYPE.byte);
  }
  tokens.push("▁");
  types.push(TOKEN_TYPE.normal);
  for (let code = 0x21; code <= 0x7e; code++) {
    tokens.push(String.fromCharCode(code));
    types.push(TOKEN_TYPE.normal);
  }
  for (const word of ["▁the", "▁a", "▁to", "▁of", "▁and", "▁is", "▁in", "▁it", "▁you", "▁that", "in", "er", "on", "an", "re", "at", "en", "ed", "es", "or"]) {
    tokens.push(word);
    types.push(TOKEN_TYPE.normal);
  }
  return { tokens, types };
}

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

/** Writes the fixture model to `path`; returns its size in bytes. */
export function writeFixtureModel(path: string, seed = 1): number {
  const { layers, hidden, heads, ff, context } = FIXTURE_SHAPE;
  const { tokens, types } = vocabulary();
  // Seeded, so every run writes the same model.
  const random = prng(seed);
  const matrix = (rows: number, cols: number, scale: number): Float32Array => Float32Array.from({ length: rows * cols }, () => (random() * 2 - 1) * scale);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  const meta = new Map<string, MetaValue>([
    ["general.architecture", { str: "llama" }],
    ["general.name", { str: "quiver-fixture" }],
    ["general.alignment", { u32: ALIGN }],
    ["llama.context_length", { u32: context }],
    ["llama.embedding_length", { u32: hidden }],
    ["llama.block_count", { u32: layers }],
    ["llama.feed_forward_length", { u32: ff }],
    ["llama.attention.head_count", { u32: heads }],
    ["llama.attention.head_count_kv", { u32: heads }],
    ["llama.attention.layer_norm_rms_epsilon", { f32: 1e-5 }],
    ["llama.rope.dimension_count", { u32: hidden / heads }],
    ["tokenizer.ggml.model", { str: "llama" }],
    ["tokenizer.ggml.tokens", { strs: tokens }],
    ["tokenizer.ggml.scores", { f32s: tokens.map((token, i) => (types[i] === TOKEN_TYPE.normal ? -i + token.length * 100 : 0)) }],
    ["tokenizer.ggml.token_type", { i32s: types }],
    ["tokenizer.ggml.unknown_token_id", { u32: 0 }],
    ["tokenizer.ggml.bos_token_id", { u32: 1 }],
    ["tokenizer.ggml.eos_token_id", { u32: 4 }],
    ["tokenizer.ggml.add_bos_token", { bool: false }],
    ["tokenizer.chat_template", { str: CHATML }],
  ]);
  const vocab = tokens.length;
  const tensors: Tensor[] = [
    { name: "token_embd.weight", dims: [hidden, vocab], data: matrix(vocab, hidden, 0.5) },
    { name: "output_norm.weight", dims: [hidden], data: ones(hidden) },
    { name: "output.weight", dims: [hidden, vocab], data: matrix(vocab, hidden, 0.5) },
  ];
  for (let i = 0; i < layers; i++) {
    const blk = (name: string, dims: number[], data: Float32Array): number => tensors.push({ name: `blk.${i}.${name}.weight`, dims, data });
    blk("attn_norm", [hidden], ones(hidden));
    blk("attn_q", [hidden, hidden], matrix(hidden, hidden, 0.2));
    blk("attn_k", [hidden, hidden], matrix(hidden, hidden, 0.2));
    blk("attn_v", [hidden, hidden], matrix(hidden, hidden, 0.2));
    blk("attn_output", [hidden, hidden], matrix(hidden, hidden, 0.2));
    blk("ffn_norm", [hidden], ones(hidden));
    blk("ffn_gate", [hidden, ff], matrix(ff, hidden, 0.2));
    blk("ffn_up", [hidden, ff], matrix(ff, hidden, 0.2));
    blk("ffn_down", [ff, hidden], matrix(hidden, ff, 0.2));
  }
  return writeGguf(path, meta, tensors);
}
