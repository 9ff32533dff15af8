#!/usr/bin/env bash
# The date-dependent suites, run as if today were each weekday and 29 February (TEST_TODAY, read by
# test-support/today.setup.ts). A test that passes only on some days of the week fails here, not on a Saturday
# in CI. Usage: scripts/test-weekdays.sh [YYYY-MM-DD …] (default: the eight dates below).
#
# The files chosen: the suites whose expectations are built from "today" and whose outcome depends on the day
# of the week or the month (docs/RELIABILITY.md, "Tests and the calendar"):
# - apps/server/test/plans-generated.test.ts: a generated plan's first week starts today (it failed on some
#   weekdays: its fixture fed the generator a threshold pace the athlete never stored);
# - apps/server/test/training-load.test.ts: weekly loads and the week's plan around today;
# - apps/server/test/dashboard.test.ts: today's workouts, the week, streaks;
# - apps/server/test/coach.test.ts, adaptation.test.ts, analytics.test.ts, notifications.test.ts and
#   plans.test.ts: the next weekday, week starts, this week and last week, the week plan, phases from today;
# - packages/core/test/plan-generator.test.ts and training-plans.test.ts: phases and weeks from a start day.
# Outside this script these suites run on PINNED_TODAY (test-support/today.ts); the other suites pass `today`
# themselves or use fixed dates. All dates run in one Vitest run (vitest.weekdays.config.ts: a server and a core
# project per date, each with its TEST_TODAY), sharing one start and one migrated database template; a failure
# names its project, e.g. "server 2027-03-03".
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
  packages/core/test/plan-generator.test.ts
  packages/core/test/training-plans.test.ts
)
# Monday 1 March 2027 to Sunday 7 March 2027, and Tuesday 29 February 2028. Future dates: the database's own
# clock (now()) stays behind the pinned day, as a client's clock may be ahead of the server's.
DATES=("$@")
[ "${#DATES[@]}" -gt 0 ] || DATES=(2027-03-01 2027-03-02 2027-03-03 2027-03-04 2027-03-05 2027-03-06 2027-03-07 2028-02-29)

for day in "${DATES[@]}"; do
  date -u -d "$day" +%F >/dev/null 2>&1 || { echo "not a date: $day" >&2; exit 2; }
  printf '%s is a %s\n' "$day" "$(date -u -d "$day" +%A)"
done
WEEKDAY_DATES="$(IFS=,; echo "${DATES[*]}")" npx vitest run --config vitest.weekdays.config.ts "${FILES[@]}"
