import type { SimulatorUser, UserLoginInfo } from '../auth';
import { SimulatorError } from '../errors';
import type { FaultConfig } from '../faults';
import type { RequestCounters, RequestLogEntry } from '../requestLog';
import { applyScenario, ScenarioSpec } from '../scenarios';
import type { SimulatorCore } from '../tower';
import { AttachInput, attachTargets, resolveAttachLabel } from './attachTarget';
import {
  allLabelsTruth,
  labelTruth,
  objectTruths,
  ObjectTruth,
  CounterLag,
  CounterInput,
  CreateLabelInput,
  CreateObjectInput,
  CreateSecurityPolicyInput,
  CreateVmInput,
  DeletedLabel,
  EveroutePolicyRecord,
  CreateHolderInput,
  HolderRecord,
  HolderRoot,
  LabelTruth,
  SecurityPolicyRecord,
  Store,
  VmRecord,
} from '../world';

export interface VmTruth extends VmRecord {
  labelIds: string[];
}

export interface WorldSummary {
  labels: number;
  vms: number;
  securityPolicies: number;
  /** Objects per relation field other than `vms`. */
  objects: Record<string, number>;
  deletedLabels: number;
  counterLag: CounterLag;
  pendingCounterUpdates: number;
}

/** In-process admin API of one simulated Tower (the /_sim HTTP routes call the same methods). */
export class SimulatorAdmin {
  constructor(private readonly core: SimulatorCore) {}

  private get store(): Store {
    return this.core.store;
  }

  // ---- world ----------------------------------------------------------------------------

  summary(): WorldSummary {
    const s = this.store;
    return {
      labels: s.labels.size,
      vms: s.vms.size,
      securityPolicies: s.policies.size,
      objects: Object.fromEntries(
        s.relations
          .filter(r => r.field !== 'vms')
          .map(r => [r.field, s.objects.of(r.field).size]),
      ),
      deletedLabels: s.deleted.length,
      counterLag: s.counters.counterLag,
      pendingCounterUpdates: s.counters.pendingIds().length,
    };
  }

  /** Replaces the whole world (labels, VMs, policies, deleted log) with a scenario. */
  loadScenario(scenario: ScenarioSpec | string): WorldSummary {
    const old = this.store;
    const store = new Store({
      ...this.core.storeOptions,
      counterLag: old.counters.counterLag,
      clock: old.clock,
    });
    applyScenario(store, scenario);
    old.dispose();
    this.core.store = store;
    return this.summary();
  }

  // ---- labels -----------------------------------------------------------------------------

  labels(): LabelTruth[] {
    return allLabelsTruth(this.store);
  }

  label(id: string): LabelTruth | undefined {
    const l = this.store.labels.get(id);
    return l && labelTruth(this.store, l);
  }

  createLabel(input: CreateLabelInput): LabelTruth {
    return labelTruth(this.store, this.store.createLabel(input));
  }

  createLabels(inputs: CreateLabelInput[]): LabelTruth[] {
    return inputs.map(i => this.createLabel(i));
  }

  /** Deletes a label as another Tower client would (logged with via 'admin'). */
  deleteLabel(id: string): boolean {
    return this.store.deleteLabel(id, 'admin') !== undefined;
  }

  deletedLabels(): DeletedLabel[] {
    return [...this.store.deleted];
  }

  /** Sets stored counters by name (`vm_num`, `host_num`, ..., `total_num`; unknown → INVALID_INPUT). */
  setCounters(id: string, counters: CounterInput): LabelTruth {
    return labelTruth(this.store, this.store.setCounters(id, counters));
  }

  /** Recomputes stored counters from the live relations (all labels, or the given ones). */
  recomputeCounters(ids?: string[]): void {
    this.store.recomputeCounters(ids);
  }

  get counterLag(): CounterLag {
    return this.store.counters.counterLag;
  }

  setCounterLag(lag: CounterLag): void {
    if (lag !== 'never' && !(typeof lag === 'number' && lag >= 0)) {
      throw new SimulatorError(
        `bad counterLag ${String(lag)}`,
        'INVALID_INPUT',
      );
    }
    this.store.counters.setLag(lag);
  }

  /** Whether `__schema` / `__type` are answered from now on (the `introspection` option's switch). */
  setIntrospection(on: boolean): void {
    this.core.profile.introspection = on;
  }

  /** Whether new labels start with null counters (instead of 0). */
  setNullCountersOnCreate(on: boolean): void {
    this.store.nullCountersOnCreate = on;
    this.core.storeOptions.nullCountersOnCreate = on;
  }

  // ---- VMs, security policies, associations -----------------------------------------------

  vms(): VmTruth[] {
    const s = this.store;
    return [...s.vmIds.ascending()].map(id => ({
      ...s.vms.get(id)!,
      labelIds: [...s.labelsOf(id)],
    }));
  }

  createVm(input: CreateVmInput): VmTruth {
    const vm = this.store.createVm(input);
    return { ...vm, labelIds: [...this.store.labelsOf(vm.id)] };
  }

  /** Deletes the VM entirely (not the recycle bin). */
  deleteVm(id: string): boolean {
    return this.store.deleteVm(id);
  }

  setRecycleBin(id: string, inRecycleBin: boolean): VmRecord {
    return { ...this.store.setRecycleBin(id, inRecycleBin) };
  }

  securityPolicies(): ObjectTruth[] {
    return this.objects('security_policies');
  }

  createSecurityPolicy(input: CreateSecurityPolicyInput): SecurityPolicyRecord {
    return { ...this.store.createObject('security_policies', input) };
  }

  deleteSecurityPolicy(id: string): boolean {
    return this.store.deleteObject('security_policies', id);
  }

  /** Everoute security policies: Tower refuses to delete a label one uses. */
  everoutePolicies(): EveroutePolicyRecord[] {
    return [...this.store.everoutePolicies.values()].map(p => ({
      ...p,
      labelIds: [...p.labelIds],
    }));
  }

  createEveroutePolicy(input: CreateSecurityPolicyInput): EveroutePolicyRecord {
    const policy = this.store.createEveroutePolicy(input);
    return { ...policy, labelIds: [...policy.labelIds] };
  }

  deleteEveroutePolicy(id: string): boolean {
    return this.store.everoutePolicies.delete(id);
  }

  /** Objects holding labels without a relation on Label (security groups, ...), by root query. */
  holders(root?: HolderRoot): HolderRecord[] {
    return [...this.store.holders.values()]
      .filter(h => root === undefined || h.root === root)
      .map(h => ({ ...h, labelIds: [...h.labelIds] }));
  }

  createHolder(root: HolderRoot, input: CreateHolderInput = {}): HolderRecord {
    const holder = this.store.createHolder(root, input);
    return { ...holder, labelIds: [...holder.labelIds] };
  }

  /** Replaces the label ids a holder names (ids of deleted labels too: a JSON column keeps any). */
  setHolderLabels(id: string, labelIds: string[]): HolderRecord {
    const holder = this.store.setHolderLabels(id, labelIds);
    return { ...holder, labelIds: [...holder.labelIds] };
  }

  deleteHolder(id: string): boolean {
    return this.store.deleteHolder(id);
  }

  /** The objects of one relation ('vms', 'vm_snapshots', ...) with the labels they hold. */
  objects(relation: string): ObjectTruth[] {
    return objectTruths(this.store, relation);
  }

  /** Creates an object of any relation (for `vms` a VM, for `security_policies` a policy). */
  createObject(
    relation: string,
    input: CreateObjectInput = {},
  ): { id: string } {
    return { id: this.store.createObject(relation, input).id };
  }

  /** Deletes an object of any relation entirely; its label associations go with it. */
  deleteObject(relation: string, id: string): boolean {
    return this.store.deleteObject(relation, id);
  }

  /** Attaches a label to the objects named (relation + objectId, vmId, securityPolicyId); returns the label. */
  attach(input: AttachInput): LabelTruth {
    const targets = attachTargets(input);
    const id = resolveAttachLabel(this.store, input, true)!;
    for (const [relation, objectId] of targets)
      this.store.attach(relation, id, objectId);
    return labelTruth(this.store, this.store.requireLabel(id));
  }

  detach(input: AttachInput): LabelTruth | undefined {
    const targets = attachTargets(input);
    const id = resolveAttachLabel(this.store, input, false);
    if (!id) return undefined;
    for (const [relation, objectId] of targets)
      this.store.detach(relation, id, objectId);
    const l = this.store.labels.get(id);
    return l && labelTruth(this.store, l);
  }

  // ---- faults, log, tokens, users ------------------------------------------------------------

  faults(): FaultConfig {
    return this.core.faults.get();
  }

  setFaults(config: FaultConfig): void {
    this.core.faults.set(config);
  }

  clearFaults(): void {
    this.core.faults.set({});
  }

  requestLog(sinceSeq = 0): RequestLogEntry[] {
    return this.core.log.list(sinceSeq);
  }

  requestCounters(): RequestCounters {
    return this.core.log.stats();
  }

  resetLog(): void {
    this.core.log.reset();
  }

  tokens() {
    return this.core.auth.list();
  }

  /** Revokes one token (by token or token id), or every token when none is given. */
  revokeTokens(tokenOrId?: string): number {
    if (tokenOrId === undefined) return this.core.auth.revokeAll();
    return this.core.auth.revoke(tokenOrId) ? 1 : 0;
  }

  users(): SimulatorUser[] {
    return this.core.auth.listUsers();
  }

  setUsers(users: SimulatorUser[]): void {
    this.core.auth.setUsers(users);
  }

  /** Each account's refused logins in a row and when it locked (`lockout`). */
  userLoginInfoes(): UserLoginInfo[] {
    return this.core.auth.loginInfos();
  }

  unlockUsers(): void {
    this.core.auth.unlockAll();
  }
}
