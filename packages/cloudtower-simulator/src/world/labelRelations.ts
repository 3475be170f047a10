import { SimulatorError } from '../errors';

/** One relation of a CloudTower `Label`: its list field, the related type and the stored counter. */
export interface LabelRelation {
  /** The list field on Label and the prefix of its filters, e.g. 'vm_snapshots'. */
  field: string;
  /** The related GraphQL type, e.g. 'VmSnapshot'. */
  type: string;
  /** The stored (lagging) counter on Label, e.g. 'vm_snapshot_num'. */
  counter: string;
}

const relation = (
  field: string,
  type: string,
  counter: string,
): LabelRelation => Object.freeze({ field, type, counter });

const FIELD = /^[a-z][a-z0-9]*(_[a-z0-9]+)*s$/;

function singular(field: string): string {
  if (field.endsWith('ies')) return `${field.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(field)) return field.slice(0, -2);
  return field.slice(0, -1);
}

/** A relation named as Tower names most of them: 'vm_snapshots' → VmSnapshot, vm_snapshot_num. */
function namedRelation(field: string): LabelRelation {
  const one = singular(field);
  const type = one
    .split('_')
    .map(w => w[0].toUpperCase() + w.slice(1))
    .join('');
  return relation(field, type, `${one}_num`);
}

/** The relations of Label whose type or counter Tower does not name after the field. */
const IRREGULAR_RELATIONS: Readonly<Record<string, LabelRelation>> = {
  vdses: relation('vdses', 'Vds', 'vds_num'),
  vlans: relation('vlans', 'Vlan', 'vm_vlan_num'),
};

/**
 * The 29 relations of Label on a current Tower, 3.3 and later (cloudtower/schema.graphql: `vms`
 * plus "Every other relation of Label"). Vlans are counted in `vm_vlan_num`; `system_vlan_num` stays 0.
 */
export const LABEL_RELATIONS: readonly LabelRelation[] = Object.freeze(
  [
    'clusters',
    'consistency_groups',
    'consistency_group_snapshots',
    'content_library_images',
    'content_library_vm_templates',
    'datacenters',
    'disks',
    'elf_images',
    'gpu_devices',
    'hosts',
    'iscsi_luns',
    'iscsi_lun_snapshots',
    'iscsi_targets',
    'isolation_policies',
    'namespace_groups',
    'nfs_exports',
    'nfs_inodes',
    'nics',
    'nvmf_namespaces',
    'nvmf_namespace_snapshots',
    'nvmf_subsystems',
    'security_policies',
    'vdses',
    'vlans',
    'vm_snapshots',
    'vm_templates',
    'vm_volumes',
    'vm_volume_snapshots',
    'vms',
  ].map(field => IRREGULAR_RELATIONS[field] ?? namedRelation(field)),
);

/**
 * Relation fields a legacy Tower's Label lacks: those that arrived in 3.3 (`gpu_devices`,
 * `vm_volume_snapshots`: smartxworks/cloudtower-python-sdk's `cloudtower/models/label.py` first has
 * them with "update to v2.12.0 schema") and those Tower 1.10 lacks (its "update to v1.10.0 schema"
 * version has no `content_library_images` / `content_library_vm_templates`).
 */
export const LEGACY_MISSING_RELATIONS: readonly string[] = Object.freeze([
  'content_library_images',
  'content_library_vm_templates',
  'gpu_devices',
  'vm_volume_snapshots',
]);

/** Counters on Label that no relation feeds: Tower keeps them at 0 (vlans count in vm_vlan_num). */
export const ZERO_COUNTERS: readonly string[] = Object.freeze([
  'system_vlan_num',
]);

/** A relation a newer Tower adds ('backup_plans' → BackupPlan, backup_plan_num), named like most. */
function extraRelation(field: string): LabelRelation {
  if (!FIELD.test(field))
    throw new SimulatorError(
      `extraRelations: '${field}' is not a plural snake_case field name`,
      'INVALID_INPUT',
    );
  return namedRelation(field);
}

/** The relations of one Tower: the 29 (minus the legacy-missing ones) plus the extra ones. */
export function towerRelations(
  legacy: boolean,
  extraFields: readonly string[] = [],
): readonly LabelRelation[] {
  const base = legacy
    ? LABEL_RELATIONS.filter(r => !LEGACY_MISSING_RELATIONS.includes(r.field))
    : LABEL_RELATIONS;
  const known = new Set(LABEL_RELATIONS.map(r => r.field));
  const extras = extraFields.map(f => {
    if (known.has(f))
      throw new SimulatorError(
        `extraRelations: '${f}' is already a relation of Label`,
        'INVALID_INPUT',
      );
    known.add(f);
    return extraRelation(f);
  });
  return Object.freeze([...base, ...extras]);
}
