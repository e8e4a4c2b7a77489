// Type tests for ringlab/lab's compare rows of the newer bucket hashers (compareNewer): what must
// compile, and (@ts-expect-error) what must not. Checked by `tsc -p tests/types`; never run.
import type { ComparisonRow } from "ringlab";
import { load, type NewerCompareScenario, type NewerComparisonAlgorithm, type NewerComparisonRow } from "ringlab/lab";

const lab = await load();

// The scenario is rl.compare's, with the newer algorithms to compare.
const rows: NewerComparisonRow[] = lab.compareNewer();
lab.compareNewer({ servers: 10, keys: 1000, change: "remove:S3", newer: "all" });
lab.compareNewer({ servers: ["a", { name: "b", weight: 2 }], change: { kind: "add" }, newer: ["memento", "dx"] });
lab.compareNewer({ newer: "dx,anchor" });
const scenario: NewerCompareScenario = { seed: 16, threads: 1, newer: ["jumpback"] };
lab.compareNewer(scenario);

// A newer name, and none of the chapter's rows.
const names: NewerComparisonAlgorithm[] = ["jumpback-anchor", "multiprobe"];
// @ts-expect-error jump has a row of the chapter's compare, not a newer one
const jump: NewerComparisonAlgorithm = "jump";
// @ts-expect-error mod-N has a row of the chapter's compare
lab.compareNewer({ newer: ["mod-n"] });
// @ts-expect-error a scenario has no such key
lab.compareNewer({ algorithms: ["dx"] });
// @ts-expect-error the list is names or text, not numbers
lab.compareNewer({ newer: [1] });

// A row has a chapter's row's fields, its algorithm a newer one.
const first = rows[0];
if (first) {
  first.algorithm satisfies NewerComparisonAlgorithm;
  first.movedNeedlessly satisfies number;
  first.reason satisfies string | undefined;
  const { algorithm: _name, ...fields } = first;
  fields satisfies Omit<ComparisonRow, "algorithm">;
}
void names;
void jump;
