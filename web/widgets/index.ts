// ringlab widgets: custom elements for the course's steppers and experiments. One
// <script type="module" src=".../ringlab-widgets.js"> defines them all; each is configured by
// attributes, keeps its state in them, and shares one WebAssembly module per page.
//
// Registration is one explicit function (not a side effect of each element's module), so a bundler
// that trusts the package's "sideEffects": false cannot drop it: this entry calls it, and a page
// that imports the sources (the playground) calls it too.
import { define } from "./core/element";
import { BoundedStepper } from "./elements/bounded-stepper";
import { BucketStepper } from "./elements/bucket-stepper";
import { CacheWhatIf } from "./elements/cache-whatif";
import { ClaimElement } from "./elements/claim";
import { ClaimsElement } from "./elements/claims";
import { ClientsStepper } from "./elements/clients-stepper";
import { Cluster } from "./elements/cluster";
import { Compare } from "./elements/compare";
import { Experiment } from "./elements/experiment";
import { HotkeyStepper } from "./elements/hotkey-stepper";
import { JumpStepper } from "./elements/jump-stepper";
import { LabElement } from "./elements/lab";
import { LabClaimsElement } from "./elements/lab-claims";
import { MaglevStepper } from "./elements/maglev-stepper";
import { MalachiRing } from "./elements/malachi-ring";
import { MembershipStepper } from "./elements/membership-stepper";
import { PlanElement } from "./elements/plan";
import { ModNStepper } from "./elements/modn-stepper";
import { RendezvousStepper } from "./elements/rendezvous-stepper";
import { RingStepper } from "./elements/ring-stepper";
import { SearchStepper } from "./elements/search-stepper";
import { VnodeCalculator } from "./elements/vnode-calculator";
import { VnodesStepper } from "./elements/vnodes-stepper";

/** Every element and its tag. */
export const elements = {
  "ringlab-modn-stepper": ModNStepper,
  "ringlab-ring-stepper": RingStepper,
  "ringlab-membership-stepper": MembershipStepper,
  "ringlab-vnodes-stepper": VnodesStepper,
  "ringlab-search-stepper": SearchStepper,
  "ringlab-rendezvous-stepper": RendezvousStepper,
  "ringlab-jump-stepper": JumpStepper,
  "ringlab-bucket-stepper": BucketStepper,
  "ringlab-maglev-stepper": MaglevStepper,
  "ringlab-bounded-stepper": BoundedStepper,
  "ringlab-hotkey-stepper": HotkeyStepper,
  "ringlab-clients-stepper": ClientsStepper,
  "ringlab-experiment": Experiment,
  "ringlab-cache-whatif": CacheWhatIf,
  "ringlab-vnode-calculator": VnodeCalculator,
  "ringlab-compare": Compare,
  "ringlab-lab": LabElement,
  "ringlab-lab-claims": LabClaimsElement,
  "ringlab-malachi-ring": MalachiRing,
  "ringlab-cluster": Cluster,
  "ringlab-plan": PlanElement,
  "ringlab-claim": ClaimElement,
  "ringlab-claims": ClaimsElement,
} as const;

/** Defines every ringlab element (once; safe to call again, or with the bundle loaded twice). */
export function defineWidgets(): void {
  for (const [tag, ctor] of Object.entries(elements)) define(tag, ctor);
}

defineWidgets();

export { RinglabElement, type StateChangeDetail } from "./core/element";
export { StepperElement } from "./core/stepper";
export { getRinglab } from "./core/module";
export { getSystems } from "./core/systems";
export { getBuckets } from "./core/buckets";
export { messagesFor, languages, type Messages } from "./i18n/index";
export {
  BoundedStepper,
  BucketStepper,
  ClaimElement,
  ClaimsElement,
  CacheWhatIf,
  ClientsStepper,
  Cluster,
  Compare,
  Experiment,
  HotkeyStepper,
  JumpStepper,
  MaglevStepper,
  MalachiRing,
  MembershipStepper,
  ModNStepper,
  PlanElement,
  RendezvousStepper,
  RingStepper,
  SearchStepper,
  VnodeCalculator,
  VnodesStepper,
};
