/** One line of `quiver doctor`'s report, shared by the remote and the local checks. */
export type CheckStatus = "ok" | "warn" | "fail";

export interface CheckResult {
  check: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
}
