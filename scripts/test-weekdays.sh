#!/usr/bin/env bash
# The date-dependent suites, run as if today were each weekday and 29 February (TEST_TODAY, read by
# test-support/today.setup.ts). A test that passes only on some days of the week fails here, not on a Saturday
# in CI. Usage: scripts/test-weekdays.sh [YYYY-MM-DD …] (default: the seven dates below).
#
# The files chosen: the server suites whose expectations are built from "today" and whose outcome depends on the
# day of the week or the month (docs/RELIABILITY.md, "Tests and the calendar"):
# - apps/server/test/plans-generated.test.ts: a generated plan's first week starts today (it failed on some
#   weekdays: its fixture fed the generator a threshold pace the athlete never stored);
# - apps/server/test/training-load.test.ts: weekly loads and the week's plan around today;
# - apps/server/test/dashboard.test.ts: today's workouts, the week, streaks;
# - apps/server/test/coach.test.ts, adaptation.test.ts, analytics.test.ts, notifications.test.ts and
#   plans.test.ts: the next weekday, week starts, this week and last week, the week plan, phases from today.
# Not here: packages/core's plan-generator and training-plans suites. They pass their day as an argument and never
# read the clock (checked by watching every `new Date()` and `Date.now()` made from packages/core while they ran:
# only fast-check's seed reads it), so eight runs of them checked the same thing eight times; the weekdays they
# need are in their own fixtures and properties (training-plans draws start days over 60 years).
# Outside this script these suites run on PINNED_TODAY (test-support/today.ts); the other suites pass `today`
# themselves or use fixed dates. All dates run in one Vitest run (vitest.weekdays.config.ts: a server project per
# date, each with its TEST_TODAY), sharing one start and one migrated database template; a failure names its
# project, e.g. "server 2027-03-03".
set -euo pipefail
cd "$(dirname "$0")/.."

FILES=(
  apps/server/test/plans-generated.test.ts
  apps/server/test/training-load.test.ts
  apps/server/test/dashboard.test.ts
  apps/server/test/coach.test.ts
  apps/server/test/adaptation.test.ts
  apps/server/test/analytics.test.ts
  apps/server/test/notifications.test.ts
  apps/server/test/plans.test.ts
)
# Each weekday once, 29 February among them: Monday 1 March 2027, Tuesday 29 February 2028, and Thursday 4 to
# Sunday 7 March 2027. Wednesday is the main passes' own day: every file here pins PINNED_TODAY (Wednesday
# 10 March 2027) in `npm test` and in the PostgreSQL pass, so a Wednesday here ran the same checks a third time
# (it was 3 March until 2026-11-29). Until 2026-11-28 this was the whole week of 1 to 7 March 2027 and
# 29 February 2028 as an eighth run; 29 February is a Tuesday, so it stands for Tuesday 2 March.
# Future dates: the database's own clock (now()) stays behind the pinned day, as a client's clock may be ahead of
# the server's.
DATES=("$@")
[ "${#DATES[@]}" -gt 0 ] || DATES=(2027-03-01 2028-02-29 2027-03-04 2027-03-05 2027-03-06 2027-03-07)

for day in "${DATES[@]}"; do
  date -u -d "$day" +%F >/dev/null 2>&1 || { echo "not a date: $day" >&2; exit 2; }
  printf '%s is a %s\n' "$day" "$(date -u -d "$day" +%A)"
done
WEEKDAY_DATES="$(IFS=,; echo "${DATES[*]}")" npx vitest run --config vitest.weekdays.config.ts "${FILES[@]}"
