import type { Command } from "commander";
import { runAction } from "./exit-codes.js";
import type { ChatOptions } from "./options.js";

export function registerChatCommand(program: Command): void {
  program
    .command("chat")
    .description("talk to the model, which uses tools (interactive; -p for one-shot)")
    .argument("[message...]", "the first message of the chat (it stays interactive; -p for one-shot)")
    .option("-p, --prompt [text]", "one-shot: send this prompt, print the final answer to stdout, exit; text piped to stdin is appended (a bare -p, or -p -: stdin is the prompt)")
    .option("--json", "with -p: print every event as one JSON line on stdout")
    .option("-m, --model <name>", "model name (else env QUIVER_MODEL, else model.name in config.yaml)")
    .option("--base-url <url>", "OpenAI-compatible API base URL (else env OPENAI_BASE_URL, else config, else OpenAI)")
    .option("--provider <name>", "a built-in provider preset: base URL, key variable and quirks (openai, groq, deepseek, ...; see docs/providers.md)")
    .option("--show-reasoning", "with -p: print the model's reasoning (dimmed) to stderr as it streams")
    .option("--api-key-env <name>", "read the API key from this environment variable instead of OPENAI_API_KEY")
    .option("-t, --toolsets <list>", "toolsets the model may use, comma-separated (default: all)")
    .option("--disable-toolsets <list>", "toolsets to withhold, comma-separated")
    .option("--max-iterations <n>", "model calls with tools per message before a final summary (default 90)")
    .option("-y, --yes", "approve dangerous commands without asking (catastrophic ones are always refused)")
    .option("--mode <mode>", "permissions: default, plan (read-only tools; nothing is written) or accept-edits (file edits in the project run without asking); /mode switches")
    .option("--sandbox <mode>", "OS sandbox for terminal commands: auto (default: where the OS allows), on (refuse without one) or off (beats sandbox.mode; --yes never turns it off)")
    .option("--system <text>", "replace the system prompt")
    .option("-r, --resume [id]", "continue a saved session (see `quiver sessions`); without an id, pick one of this directory's")
    .option("-c, --continue", "continue the most recent session started in this directory")
    .option("--any-dir", "with --continue or a bare --resume: look at the sessions of every directory")
    .option("--no-save", "keep this chat in memory only: no session is written")
    .option("--no-mcp", "do not connect the MCP servers of config.yaml")
    .option("--no-watch", "do not reload tool files when they change (the REPL watches $QUIVER_HOME/tools by default)")
    .option("--project-tools", "also load .quiver/tools of the current project, its git root (runs its code)")
    .option("--threads <n>", "local models: CPU threads to generate with (default: picked for this machine)")
    .option("--gpu <kind>", "local models: auto (default), off, cuda, vulkan or metal")
    .addHelpText(
      "after",
      `
Examples:
  quiver chat                                         interactive; /help lists the slash commands
  quiver chat "what is in README.md?"                 interactive, starting with this message
  quiver chat -p "what is in README.md?"              one-shot answer on stdout
  quiver chat -p "list the src files" --json | jq .type  the event stream as JSONL
  quiver chat --base-url http://localhost:11434/v1 --model llama3.1
  quiver chat --provider deepseek --model deepseek-reasoner   key from DEEPSEEK_API_KEY
  git diff | quiver chat -p "review this change"      piped text is appended to the prompt
  quiver chat -p < question.txt                       stdin alone is the prompt
  quiver chat --continue                              pick up the last session of this directory
  quiver chat --resume                                choose one of this directory's sessions
  quiver chat -p "one question" --no-save             leave no session behind
  quiver chat --model local:qwen3-1.7b                a model run in-process (quiver models pull qwen3-1.7b)

Exit codes: 0 ok, 1 the model call failed, 2 usage or configuration error, 130 interrupted.`,
    )
    .action((message: string[], opts: ChatOptions) => runAction(async () => (await import("./chat.js")).runChat(opts, message.join(" "))));
}
