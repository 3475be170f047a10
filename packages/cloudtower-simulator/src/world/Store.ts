import { SimulatorError } from '../errors';
import { CounterScheduler } from './counters';
import { IdGenerator } from './ids';
import { KeyIndex } from './KeyIndex';
import { assignCounters, counterNames, storeRecomputed } from './labelCounters';
import {
  dropsDeletedLabels,
  holderKind,
  type CreateHolderInput,
  type HolderRecord,
} from './holders';
import { deletedLabelRecord, newLabelRecord } from './labelRecord';
import { LABEL_RELATIONS, LabelRelation } from './labelRelations';
import { References } from './references';
import { RelatedObjects } from './relatedObjects';
import { SortedIds } from './sortedIds';
import {
  CounterInput,
  CreateLabelInput,
  CreateObjectInput,
  CreateVmInput,
  DeletedLabel,
  EveroutePolicyRecord,
  LabelRecord,
  RelatedObjectRecord,
  SecurityPolicyRecord,
  VmRecord,
  StoreOptions,
} from './types';

const VMS = 'vms';
const POLICIES = 'security_policies';

/** In-memory Tower data: labels, VMs, the objects of every other relation and their associations. */
export class Store {
  readonly labels = new Map<string, LabelRecord>();
  readonly labelIds = new SortedIds(id => this.labels.has(id));
  private readonly byKey = new KeyIndex(id => this.labels.get(id)?.key);
  readonly vms = new Map<string, VmRecord>();
  readonly vmIds = new SortedIds(id => this.vms.has(id));
  readonly relations: readonly LabelRelation[];
  /** label ↔ object associations of every relation (VMs included). */
  readonly refs: References;
  readonly objects: RelatedObjects;
  /** Every stored counter name of this Tower's Label. */
  readonly counterNames: ReadonlySet<string>;
  readonly deleted: DeletedLabel[] = [];
  /** Everoute security policies, by id (`EveroutePolicyRecord`). */
  readonly everoutePolicies = new Map<string, EveroutePolicyRecord>();
  /** Objects holding labels without a relation on Label (holders.ts), by id. */
  readonly holders = new Map<string, HolderRecord>();
  /** The holders whose labels are a relation on their side: a label's deletion leaves them. */
  private readonly relationHolders = new Set<HolderRecord>();
  readonly ids: IdGenerator;
  readonly counters: CounterScheduler;
  readonly clock: () => Date;
  nullCountersOnCreate: boolean;

  constructor(options: StoreOptions = {}) {
    this.clock = options.clock ?? (() => new Date());
    this.ids = new IdGenerator(options.idSeed ?? 1);
    this.nullCountersOnCreate = options.nullCountersOnCreate ?? false;
    this.relations = options.relations ?? LABEL_RELATIONS;
    this.refs = new References(this.relations);
    this.objects = new RelatedObjects(this.relations);
    this.counterNames = new Set(counterNames(this.relations));
    this.counters = new CounterScheduler(options.counterLag ?? 0, id =>
      this.recompute(id),
    );
  }

  private newId(given?: string): string {
    if (given === undefined) return this.ids.next();
    this.ids.observe(given);
    return given;
  }

  keyIndex(key: string): SortedIds | undefined {
    return this.byKey.get(key);
  }

  /** Security policies (the objects of `security_policies`). */
  get policies(): ReadonlyMap<string, SecurityPolicyRecord> {
    return this.objects.of(POLICIES);
  }

  // ---- labels -------------------------------------------------------------

  createLabel(input: CreateLabelInput): LabelRecord {
    const id = this.newId(input.id);
    if (this.labels.has(id))
      throw new SimulatorError(`label ${id} exists`, 'DUPLICATE_ID');
    const label = newLabelRecord(
      id,
      input,
      this.nullCountersOnCreate,
      this.clock,
      this.counterNames,
    );
    this.labels.set(id, label);
    this.labelIds.add(id);
    this.byKey.add(label.key, id);
    return label;
  }

  updateLabel(
    id: string,
    patch: { key?: string; value?: string | null },
  ): LabelRecord {
    const label = this.requireLabel(id);
    if (patch.key !== undefined && patch.key !== label.key) {
      const old = label.key;
      label.key = patch.key;
      this.byKey.markDead(old);
      this.byKey.add(label.key, id);
    }
    if (patch.value !== undefined) label.value = patch.value;
    return label;
  }

  requireLabel(id: string): LabelRecord {
    const label = this.labels.get(id);
    if (!label)
      throw new SimulatorError(`label ${id} not found`, 'RESOURCE_NOT_FOUND');
    return label;
  }

  /**
   * What Tower answers a client's delete of `ids`: nothing when it may go, else a refusal naming
   * the first label an Everoute security policy uses (the whole delete fails, as on Tower).
   */
  refuseDelete(ids: readonly string[]): SimulatorError | undefined {
    if (this.everoutePolicies.size === 0) return undefined;
    const usedBy = new Map<string, string>();
    for (const policy of this.everoutePolicies.values())
      for (const labelId of policy.labelIds)
        if (!usedBy.has(labelId)) usedBy.set(labelId, policy.name);
    const id = ids.find(i => usedBy.has(i));
    return id === undefined
      ? undefined
      : new SimulatorError(
          `label ${id} is used by security policy ${usedBy.get(id)}`,
          'LABEL_USED_BY_SECURITY_POLICY',
        );
  }

  createEveroutePolicy(input: {
    id?: string;
    name: string;
    labelIds?: string[];
  }): EveroutePolicyRecord {
    const id = this.newId(input.id);
    if (this.everoutePolicies.has(id))
      throw new SimulatorError(`security policy ${id} exists`, 'DUPLICATE_ID');
    for (const l of input.labelIds ?? []) this.requireLabel(l);
    const policy = {
      id,
      name: input.name,
      labelIds: [...(input.labelIds ?? [])],
    };
    this.everoutePolicies.set(id, policy);
    return policy;
  }

  /** Deletes a label; the labels of one mutation share its moment (`deletedAt`, ISO 8601). */
  deleteLabel(
    id: string,
    via: string,
    deletedAt: string = this.clock().toISOString(),
  ): LabelRecord | undefined {
    const label = this.labels.get(id);
    if (!label) return undefined;
    const references = this.refs.removeLabel(id);
    for (const holder of this.relationHolders)
      holder.labelIds = holder.labelIds.filter(l => l !== id);
    this.labels.delete(id);
    this.labelIds.markDead();
    this.byKey.markDead(label.key);
    this.deleted.push(
      deletedLabelRecord(label, { deletedAt, via, references }),
    );
    return label;
  }

  /** Sets stored counters by name (any of `counterNames`; unknown → INVALID_INPUT). */
  setCounters(id: string, counters: CounterInput): LabelRecord {
    const label = this.requireLabel(id);
    assignCounters(label, counters, this.counterNames);
    return label;
  }

  private recompute(id: string): void {
    const label = this.labels.get(id);
    if (label) storeRecomputed(label, this.refs.liveCounts(id));
  }

  /** Recomputes the stored counters of the given labels (default: all) from the live relations. */
  recomputeCounters(ids?: string[]): void {
    for (const id of ids ?? this.labels.keys()) this.recompute(id);
    this.counters.clearPending(ids);
  }

  // ---- associations -----------------------------------------------------------

  /** Whether `objectId` is an object of `field` (INVALID_INPUT for a relation this Tower lacks). */
  hasObject(field: string, objectId: string): boolean {
    this.refs.requireRelation(field);
    return field === VMS
      ? this.vms.has(objectId)
      : this.objects.get(field, objectId) !== undefined;
  }

  attach(field: string, labelId: string, objectId: string): void {
    this.requireLabel(labelId);
    if (field === VMS) this.requireVm(objectId);
    else {
      this.refs.requireRelation(field);
      this.objects.require(field, objectId);
    }
    if (this.refs.add(field, labelId, objectId)) this.counters.changed(labelId);
  }

  detach(field: string, labelId: string, objectId: string): void {
    if (this.refs.remove(field, labelId, objectId))
      this.counters.changed(labelId);
  }

  vmsOf(labelId: string): ReadonlySet<string> {
    return this.refs.of(VMS, labelId);
  }

  labelsOf(vmId: string): ReadonlySet<string> {
    return this.refs.labelsOf(VMS, vmId);
  }

  attachVm(labelId: string, vmId: string): void {
    this.attach(VMS, labelId, vmId);
  }

  detachVm(labelId: string, vmId: string): void {
    this.detach(VMS, labelId, vmId);
  }

  // ---- objects ------------------------------------------------------------------

  requireVm(id: string): VmRecord {
    const vm = this.vms.get(id);
    if (!vm)
      throw new SimulatorError(`vm ${id} not found`, 'RESOURCE_NOT_FOUND');
    return vm;
  }

  createVm(input: CreateVmInput): VmRecord {
    const id = this.newId(input.id);
    if (this.vms.has(id))
      throw new SimulatorError(`vm ${id} exists`, 'DUPLICATE_ID');
    const vm: VmRecord = {
      id,
      name: input.name,
      in_recycle_bin: input.inRecycleBin ?? false,
    };
    this.vms.set(id, vm);
    this.vmIds.add(id);
    for (const l of input.labelIds ?? []) this.attachVm(l, id);
    return vm;
  }

  setRecycleBin(id: string, inRecycleBin: boolean): VmRecord {
    const vm = this.requireVm(id);
    vm.in_recycle_bin = inRecycleBin;
    return vm;
  }

  /** Creates an object of any relation (for `vms` a VM), holding the given labels. */
  createObject(
    field: string,
    input: CreateObjectInput = {},
  ): VmRecord | RelatedObjectRecord {
    this.refs.requireRelation(field);
    if (field === VMS)
      return this.createVm({
        ...input,
        name: input.name ?? `vm-${this.vms.size + 1}`,
      });
    const obj = this.objects.add(field, this.newId(input.id), input.name);
    for (const l of input.labelIds ?? []) this.attach(field, l, obj.id);
    return obj;
  }

  /** Deletes an object entirely (a VM: not to the recycle bin); its label associations go too. */
  deleteObject(field: string, id: string): boolean {
    if (!this.hasObject(field, id)) return false;
    for (const l of [...this.refs.labelsOf(field, id)])
      this.detach(field, l, id);
    if (field !== VMS) return this.objects.delete(field, id);
    this.vms.delete(id);
    this.vmIds.markDead();
    return true;
  }

  deleteVm(id: string): boolean {
    return this.deleteObject(VMS, id);
  }

  /** A holder of `root` naming these labels (each must exist when it is created). */
  createHolder(root: string, input: CreateHolderInput = {}): HolderRecord {
    const kind = holderKind(root);
    const id = this.newId(input.id);
    if (this.holders.has(id))
      throw new SimulatorError(`holder ${id} exists`, 'DUPLICATE_ID');
    for (const l of input.labelIds ?? []) this.requireLabel(l);
    const holder: HolderRecord = {
      id,
      root: kind.root,
      name: input.name ?? `${kind.type}-${this.holders.size + 1}`,
      labelIds: [...(input.labelIds ?? [])],
      ...(input.section ? { section: input.section } : {}),
    };
    this.holders.set(id, holder);
    if (dropsDeletedLabels(holder)) this.relationHolders.add(holder);
    return holder;
  }

  deleteHolder(id: string): boolean {
    const holder = this.holders.get(id);
    if (holder) this.relationHolders.delete(holder);
    return this.holders.delete(id);
  }

  /** What a holder names from now on (a JSON column may name any id). */
  setHolderLabels(id: string, labelIds: string[]): HolderRecord {
    const holder = this.holders.get(id);
    if (!holder)
      throw new SimulatorError(`holder ${id} not found`, 'RESOURCE_NOT_FOUND');
    holder.labelIds = [...labelIds];
    return holder;
  }

  dispose(): void {
    this.counters.dispose();
  }
}
