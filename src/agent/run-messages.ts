/** What a run says besides the model: the budget-spent prompt, and errors as events carry them. */
import { ModelError } from "../llm/index.js";

export function budgetSpentPrompt(maxIterations: number): string {
  return (
    `You have used all ${maxIterations} model calls allowed for this request, so no more tools can be called. ` +
    "Without calling any tool, reply now with a final summary: what you did, what you found, your best answer, and what is left to do."
  );
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function errorDetails(err: unknown): { kind?: string; status?: number } {
  if (!(err instanceof ModelError)) return {};
  return { kind: err.kind, ...(err.status === undefined ? {} : { status: err.status }) };
}
