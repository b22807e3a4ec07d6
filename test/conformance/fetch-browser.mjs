#!/usr/bin/env node
// A test "browser" for sign-ins: BROWSER=<this file> makes quiver's sign-in fetch the
// authorization URL and follow its redirects, which land on quiver's 127.0.0.1 callback.
// With QUIVER_TEST_BROWSER_LOG set, it appends each URL it was given (for the tests).
import { appendFileSync } from "node:fs";

const url = process.argv[2];
if (process.env.QUIVER_TEST_BROWSER_LOG) appendFileSync(process.env.QUIVER_TEST_BROWSER_LOG, `${url}\n`);
const res = await fetch(url, { redirect: "follow" });
await res.text();
