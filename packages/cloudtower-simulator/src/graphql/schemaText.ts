/** The CloudTower API subset served by the simulator: a verbatim copy of cloudtower/schema.graphql. */
export const SCHEMA_SDL = `
# The part of SmartX CloudTower's GraphQL API that the sweeper and its simulator use.
#
# Transport: POST <server>/api  (the trailing slash is accepted too), JSON body {query, variables}.
# After login every request carries the header   Authorization: <token>   — the raw token, no "Bearer".
# Errors (assumed: no public source shows Tower's GraphQL error answers; none of the official SDKs
# parses them) come back as HTTP 200 with {"data": null|partial, "errors": [{"message", "code",
# "path"}]}, \`code\` at the top level or under \`extensions\`. Codes assumed: LOGIN_FAILED,
# USER_NOT_FOUND, USER_PASSWORD_INCORRECT, PERMISSION_DENIED, LOAD_TOKEN_FAILED (missing, revoked or
# unknown token: log in again and retry once). The REST API's ErrorBody is public: {code?, message,
# status, path, operationName?, props?, stack?} on HTTP 400/404/500 (\`code\` from 3.4).
#
# The real schema is Prisma-1 style and far larger; names and shapes below are the real ones.
# Marked (assumed) where public sources did not show the exact form.
#
# Public sources for the real API (read them with the search tool; \`fetch\` for a whole repository):
# - webzard-io/cloudtower-ui-kit: packages/eagle/src/codegen/config/schema.graphql (a generated
#   snapshot of Tower's GraphQL schema, pre-3.0) and packages/eagle/src/codegen/graphql/*.graphql
#   (the queries Tower's own UI sends: login, labels, deleteManyLabels, a label's references).
# - smartxworks/cloudtower-api-doc-tauri (REST API docs and OpenAPI specs 1.8-4.8: /v2/api/login,
#   API keys, two-factor login, the ErrorBody shape), smartxworks/cloudtower-{go,python,java,node}-sdk
#   (how the official clients log in: LDAP users through \`authnStrategies\` and source AUTHN),
#   smartxworks/cluster-api-provider-elf (CAPE: its label keys, its cleaner's filter, its headers).

scalar DateTime   # ISO-8601 string, e.g. "2026-11-29T03:00:00.000Z"
scalar Long

# Towers before 3.0 know LOCAL and LDAP. From 3.0 an LDAP user logs in with source AUTHN and the id
# of the Tower's LDAP authentication config, read from the (unauthenticated) query
# \`authnStrategies { id type }\` (type "LDAP"); the official SDKs fall back to source LDAP when that
# query is unknown (an older Tower). Later Towers add SSO. With two-factor login enabled a password
# login returns no token: such a Tower is used with an API key (created in Tower), sent as the raw
# \`Authorization\` header like a token, with no login or logout.
enum UserSource { LOCAL LDAP AUTHN }

input LoginInput {
  username: String!
  password: String!
  source: UserSource!
  auth_config_id: String    # with source AUTHN
}

type AuthnStrategy { id: ID! type: String! }   # type: "LDAP", ... (the exact enum is assumed)

type Login { token: String! }

type Label {
  id: ID!                 # cuid-like string, e.g. "clny8ylbd19q0958o3avqavm"
  key: String!
  value: String           # may be null
  createdAt: DateTime!
  # Stored counters, maintained by Tower asynchronously: they can lag behind the real
  # associations by seconds (or more). Null means "not computed yet".
  vm_num: Int
  total_num: Int          # all associated resources of every kind (VMs, hosts, security policies, ...)
  # Live relation, resolved from the association table at query time.
  vms(first: Int, skip: Int, after: String, orderBy: VmOrderByInput, where: VmWhereInput): [Vm!]
}

type Vm {
  id: ID!
  name: String!
  in_recycle_bin: Boolean!
  labels(first: Int, skip: Int, after: String, orderBy: LabelOrderByInput, where: LabelWhereInput): [Label!]
}

type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }   # (assumed)
type AggregateLabel { count: Int! }
type LabelEdge { node: Label! cursor: String! }
type LabelConnection { aggregate: AggregateLabel! edges: [LabelEdge!]! pageInfo: PageInfo! }
type AggregateVm { count: Int! }
type VmEdge { node: Vm! cursor: String! }
type VmConnection { aggregate: AggregateVm! edges: [VmEdge!]! pageInfo: PageInfo! }
type BatchPayload { count: Long! }

enum LabelOrderByInput {
  id_ASC id_DESC key_ASC key_DESC value_ASC value_DESC createdAt_ASC createdAt_DESC
  vm_num_ASC vm_num_DESC total_num_ASC total_num_DESC
}
enum VmOrderByInput { id_ASC id_DESC name_ASC name_DESC }

# Filter semantics (Prisma 1): every field given in one object must hold (AND);
# AND / OR / NOT combine sub-filters; {} matches everything.
# Scalar suffixes: (none)=equals, _not, _in, _not_in, _lt, _lte, _gt, _gte,
#   and for strings also _contains, _not_contains, _starts_with, _not_starts_with, _ends_with, _not_ends_with.
# Relation suffixes: _some (at least one related item matches), _every (all do), _none (none does);
#   so \`vms_none: {}\` means "the label has no VM at all".
input LabelWhereInput {
  AND: [LabelWhereInput!]
  OR: [LabelWhereInput!]
  NOT: [LabelWhereInput!]
  id: ID
  id_not: ID
  id_in: [ID!]
  id_not_in: [ID!]
  id_lt: ID
  id_gt: ID
  key: String
  key_not: String
  key_in: [String!]
  key_not_in: [String!]
  key_contains: String
  key_starts_with: String
  key_not_starts_with: String
  value: String
  value_not: String
  value_in: [String!]
  value_contains: String
  value_starts_with: String
  createdAt: DateTime
  createdAt_lt: DateTime
  createdAt_lte: DateTime
  createdAt_gt: DateTime
  createdAt_gte: DateTime
  vm_num: Int
  vm_num_not: Int
  vm_num_gt: Int
  vm_num_gte: Int
  vm_num_lt: Int
  vm_num_lte: Int
  total_num: Int
  total_num_not: Int
  total_num_gt: Int
  total_num_gte: Int
  total_num_lt: Int
  total_num_lte: Int
  vms_some: VmWhereInput
  vms_every: VmWhereInput
  vms_none: VmWhereInput
}

input VmWhereInput {
  AND: [VmWhereInput!]
  OR: [VmWhereInput!]
  NOT: [VmWhereInput!]
  id: ID
  id_in: [ID!]
  name: String
  name_contains: String
  name_starts_with: String
  in_recycle_bin: Boolean
  labels_some: LabelWhereInput
  labels_every: LabelWhereInput
  labels_none: LabelWhereInput
}

input LabelWhereUniqueInput { id: ID }
input VmWhereUniqueInput { id: ID }

input LabelCreateInput { key: String! value: String }
input VmConnectInput { connect: [VmWhereUniqueInput!] disconnect: [VmWhereUniqueInput!] }   # (assumed shape of the nested input)
input LabelUpdateInput { key: String value: String vms: VmConnectInput }

type Query {
  authnStrategies: [AuthnStrategy!]!   # Tower 3.0 and later; needs no token
  label(where: LabelWhereUniqueInput!): Label
  labels(where: LabelWhereInput, orderBy: LabelOrderByInput, first: Int, skip: Int, after: String, before: String, last: Int): [Label!]!
  labelsConnection(where: LabelWhereInput, orderBy: LabelOrderByInput, first: Int, skip: Int, after: String, before: String, last: Int): LabelConnection!
  vm(where: VmWhereUniqueInput!): Vm
  vms(where: VmWhereInput, orderBy: VmOrderByInput, first: Int, skip: Int, after: String, before: String, last: Int): [Vm!]!
  vmsConnection(where: VmWhereInput, orderBy: VmOrderByInput, first: Int, skip: Int, after: String, before: String, last: Int): VmConnection!
}

type Mutation {
  login(data: LoginInput!): Login!
  logout: String!
  createLabel(data: LabelCreateInput!): Label!
  updateLabel(where: LabelWhereUniqueInput!, data: LabelUpdateInput!): Label
  deleteLabel(where: LabelWhereUniqueInput!): Label
  deleteManyLabels(where: LabelWhereInput): BatchPayload!
}

# ---- Every other relation of Label: 28 besides \`vms\` on Tower 3.3 and later (REST specs 3.3-4.6,
# go-sdk 2.12+, node-sdk 2.22 = Tower 4.8: \`vm_volume_snapshots\` and \`gpu_devices\` arrived in 3.3;
# the pre-3.0 UI-kit snapshot has 27 besides \`vms\`; 1.10 also lacks \`content_library_*\`). Older
# Towers lack some, newer ones may add more: a sweeper must not assume this list is complete.
# Each related type is reduced here to \`id\` and \`name\`; its <Type>WhereInput to a few fields. Each relation has a stored counter on Label (\`<x>_num\`, lagging
# like \`vm_num\`), a list field, and \`<relation>_some/_every/_none\` filters on LabelWhereInput.
# \`total_num\` counts the references of every kind.
type Cluster { id: ID! name: String }
input ClusterWhereInput { AND: [ClusterWhereInput!] OR: [ClusterWhereInput!] NOT: [ClusterWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ClusterOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type ConsistencyGroup { id: ID! name: String }
input ConsistencyGroupWhereInput { AND: [ConsistencyGroupWhereInput!] OR: [ConsistencyGroupWhereInput!] NOT: [ConsistencyGroupWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ConsistencyGroupOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type ConsistencyGroupSnapshot { id: ID! name: String }
input ConsistencyGroupSnapshotWhereInput { AND: [ConsistencyGroupSnapshotWhereInput!] OR: [ConsistencyGroupSnapshotWhereInput!] NOT: [ConsistencyGroupSnapshotWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ConsistencyGroupSnapshotOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type ContentLibraryImage { id: ID! name: String }
input ContentLibraryImageWhereInput { AND: [ContentLibraryImageWhereInput!] OR: [ContentLibraryImageWhereInput!] NOT: [ContentLibraryImageWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ContentLibraryImageOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type ContentLibraryVmTemplate { id: ID! name: String }
input ContentLibraryVmTemplateWhereInput { AND: [ContentLibraryVmTemplateWhereInput!] OR: [ContentLibraryVmTemplateWhereInput!] NOT: [ContentLibraryVmTemplateWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ContentLibraryVmTemplateOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Datacenter { id: ID! name: String }
input DatacenterWhereInput { AND: [DatacenterWhereInput!] OR: [DatacenterWhereInput!] NOT: [DatacenterWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum DatacenterOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Disk { id: ID! name: String }
input DiskWhereInput { AND: [DiskWhereInput!] OR: [DiskWhereInput!] NOT: [DiskWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum DiskOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type ElfImage { id: ID! name: String }
input ElfImageWhereInput { AND: [ElfImageWhereInput!] OR: [ElfImageWhereInput!] NOT: [ElfImageWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ElfImageOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type GpuDevice { id: ID! name: String }
input GpuDeviceWhereInput { AND: [GpuDeviceWhereInput!] OR: [GpuDeviceWhereInput!] NOT: [GpuDeviceWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum GpuDeviceOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Host { id: ID! name: String }
input HostWhereInput { AND: [HostWhereInput!] OR: [HostWhereInput!] NOT: [HostWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum HostOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type IscsiLun { id: ID! name: String }
input IscsiLunWhereInput { AND: [IscsiLunWhereInput!] OR: [IscsiLunWhereInput!] NOT: [IscsiLunWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum IscsiLunOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type IscsiLunSnapshot { id: ID! name: String }
input IscsiLunSnapshotWhereInput { AND: [IscsiLunSnapshotWhereInput!] OR: [IscsiLunSnapshotWhereInput!] NOT: [IscsiLunSnapshotWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum IscsiLunSnapshotOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type IscsiTarget { id: ID! name: String }
input IscsiTargetWhereInput { AND: [IscsiTargetWhereInput!] OR: [IscsiTargetWhereInput!] NOT: [IscsiTargetWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum IscsiTargetOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type IsolationPolicy { id: ID! name: String }
input IsolationPolicyWhereInput { AND: [IsolationPolicyWhereInput!] OR: [IsolationPolicyWhereInput!] NOT: [IsolationPolicyWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum IsolationPolicyOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NamespaceGroup { id: ID! name: String }
input NamespaceGroupWhereInput { AND: [NamespaceGroupWhereInput!] OR: [NamespaceGroupWhereInput!] NOT: [NamespaceGroupWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NamespaceGroupOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NfsExport { id: ID! name: String }
input NfsExportWhereInput { AND: [NfsExportWhereInput!] OR: [NfsExportWhereInput!] NOT: [NfsExportWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NfsExportOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NfsInode { id: ID! name: String }
input NfsInodeWhereInput { AND: [NfsInodeWhereInput!] OR: [NfsInodeWhereInput!] NOT: [NfsInodeWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NfsInodeOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Nic { id: ID! name: String }
input NicWhereInput { AND: [NicWhereInput!] OR: [NicWhereInput!] NOT: [NicWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NicOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NvmfNamespace { id: ID! name: String }
input NvmfNamespaceWhereInput { AND: [NvmfNamespaceWhereInput!] OR: [NvmfNamespaceWhereInput!] NOT: [NvmfNamespaceWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NvmfNamespaceOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NvmfNamespaceSnapshot { id: ID! name: String }
input NvmfNamespaceSnapshotWhereInput { AND: [NvmfNamespaceSnapshotWhereInput!] OR: [NvmfNamespaceSnapshotWhereInput!] NOT: [NvmfNamespaceSnapshotWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NvmfNamespaceSnapshotOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type NvmfSubsystem { id: ID! name: String }
input NvmfSubsystemWhereInput { AND: [NvmfSubsystemWhereInput!] OR: [NvmfSubsystemWhereInput!] NOT: [NvmfSubsystemWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum NvmfSubsystemOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type SecurityPolicy { id: ID! name: String }
input SecurityPolicyWhereInput { AND: [SecurityPolicyWhereInput!] OR: [SecurityPolicyWhereInput!] NOT: [SecurityPolicyWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum SecurityPolicyOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Vds { id: ID! name: String }
input VdsWhereInput { AND: [VdsWhereInput!] OR: [VdsWhereInput!] NOT: [VdsWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VdsOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type Vlan { id: ID! name: String }
input VlanWhereInput { AND: [VlanWhereInput!] OR: [VlanWhereInput!] NOT: [VlanWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VlanOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type VmSnapshot { id: ID! name: String }
input VmSnapshotWhereInput { AND: [VmSnapshotWhereInput!] OR: [VmSnapshotWhereInput!] NOT: [VmSnapshotWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VmSnapshotOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type VmTemplate { id: ID! name: String }
input VmTemplateWhereInput { AND: [VmTemplateWhereInput!] OR: [VmTemplateWhereInput!] NOT: [VmTemplateWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VmTemplateOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type VmVolume { id: ID! name: String }
input VmVolumeWhereInput { AND: [VmVolumeWhereInput!] OR: [VmVolumeWhereInput!] NOT: [VmVolumeWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VmVolumeOrderByInput { id_ASC id_DESC name_ASC name_DESC }
type VmVolumeSnapshot { id: ID! name: String }
input VmVolumeSnapshotWhereInput { AND: [VmVolumeSnapshotWhereInput!] OR: [VmVolumeSnapshotWhereInput!] NOT: [VmVolumeSnapshotWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum VmVolumeSnapshotOrderByInput { id_ASC id_DESC name_ASC name_DESC }

extend type Label {
  cluster_num: Int
  clusters(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ClusterOrderByInput, where: ClusterWhereInput): [Cluster!]
  consistency_group_num: Int
  consistency_groups(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ConsistencyGroupOrderByInput, where: ConsistencyGroupWhereInput): [ConsistencyGroup!]
  consistency_group_snapshot_num: Int
  consistency_group_snapshots(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ConsistencyGroupSnapshotOrderByInput, where: ConsistencyGroupSnapshotWhereInput): [ConsistencyGroupSnapshot!]
  content_library_image_num: Int
  content_library_images(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ContentLibraryImageOrderByInput, where: ContentLibraryImageWhereInput): [ContentLibraryImage!]
  content_library_vm_template_num: Int
  content_library_vm_templates(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ContentLibraryVmTemplateOrderByInput, where: ContentLibraryVmTemplateWhereInput): [ContentLibraryVmTemplate!]
  datacenter_num: Int
  datacenters(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: DatacenterOrderByInput, where: DatacenterWhereInput): [Datacenter!]
  disk_num: Int
  disks(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: DiskOrderByInput, where: DiskWhereInput): [Disk!]
  elf_image_num: Int
  elf_images(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ElfImageOrderByInput, where: ElfImageWhereInput): [ElfImage!]
  gpu_device_num: Int
  gpu_devices(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: GpuDeviceOrderByInput, where: GpuDeviceWhereInput): [GpuDevice!]
  host_num: Int
  hosts(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: HostOrderByInput, where: HostWhereInput): [Host!]
  iscsi_lun_num: Int
  iscsi_luns(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: IscsiLunOrderByInput, where: IscsiLunWhereInput): [IscsiLun!]
  iscsi_lun_snapshot_num: Int
  iscsi_lun_snapshots(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: IscsiLunSnapshotOrderByInput, where: IscsiLunSnapshotWhereInput): [IscsiLunSnapshot!]
  iscsi_target_num: Int
  iscsi_targets(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: IscsiTargetOrderByInput, where: IscsiTargetWhereInput): [IscsiTarget!]
  isolation_policy_num: Int
  isolation_policies(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: IsolationPolicyOrderByInput, where: IsolationPolicyWhereInput): [IsolationPolicy!]
  namespace_group_num: Int
  namespace_groups(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NamespaceGroupOrderByInput, where: NamespaceGroupWhereInput): [NamespaceGroup!]
  nfs_export_num: Int
  nfs_exports(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NfsExportOrderByInput, where: NfsExportWhereInput): [NfsExport!]
  nfs_inode_num: Int
  nfs_inodes(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NfsInodeOrderByInput, where: NfsInodeWhereInput): [NfsInode!]
  nic_num: Int
  nics(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NicOrderByInput, where: NicWhereInput): [Nic!]
  nvmf_namespace_num: Int
  nvmf_namespaces(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NvmfNamespaceOrderByInput, where: NvmfNamespaceWhereInput): [NvmfNamespace!]
  nvmf_namespace_snapshot_num: Int
  nvmf_namespace_snapshots(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NvmfNamespaceSnapshotOrderByInput, where: NvmfNamespaceSnapshotWhereInput): [NvmfNamespaceSnapshot!]
  nvmf_subsystem_num: Int
  nvmf_subsystems(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: NvmfSubsystemOrderByInput, where: NvmfSubsystemWhereInput): [NvmfSubsystem!]
  security_policy_num: Int
  security_policies(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: SecurityPolicyOrderByInput, where: SecurityPolicyWhereInput): [SecurityPolicy!]
  vds_num: Int
  vdses(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VdsOrderByInput, where: VdsWhereInput): [Vds!]
  vm_vlan_num: Int
  system_vlan_num: Int
  vlans(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VlanOrderByInput, where: VlanWhereInput): [Vlan!]
  vm_snapshot_num: Int
  vm_snapshots(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VmSnapshotOrderByInput, where: VmSnapshotWhereInput): [VmSnapshot!]
  vm_template_num: Int
  vm_templates(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VmTemplateOrderByInput, where: VmTemplateWhereInput): [VmTemplate!]
  vm_volume_num: Int
  vm_volumes(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VmVolumeOrderByInput, where: VmVolumeWhereInput): [VmVolume!]
  vm_volume_snapshot_num: Int
  vm_volume_snapshots(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: VmVolumeSnapshotOrderByInput, where: VmVolumeSnapshotWhereInput): [VmVolumeSnapshot!]
}

extend input LabelWhereInput {
  clusters_some: ClusterWhereInput
  clusters_every: ClusterWhereInput
  clusters_none: ClusterWhereInput
  consistency_groups_some: ConsistencyGroupWhereInput
  consistency_groups_every: ConsistencyGroupWhereInput
  consistency_groups_none: ConsistencyGroupWhereInput
  consistency_group_snapshots_some: ConsistencyGroupSnapshotWhereInput
  consistency_group_snapshots_every: ConsistencyGroupSnapshotWhereInput
  consistency_group_snapshots_none: ConsistencyGroupSnapshotWhereInput
  content_library_images_some: ContentLibraryImageWhereInput
  content_library_images_every: ContentLibraryImageWhereInput
  content_library_images_none: ContentLibraryImageWhereInput
  content_library_vm_templates_some: ContentLibraryVmTemplateWhereInput
  content_library_vm_templates_every: ContentLibraryVmTemplateWhereInput
  content_library_vm_templates_none: ContentLibraryVmTemplateWhereInput
  datacenters_some: DatacenterWhereInput
  datacenters_every: DatacenterWhereInput
  datacenters_none: DatacenterWhereInput
  disks_some: DiskWhereInput
  disks_every: DiskWhereInput
  disks_none: DiskWhereInput
  elf_images_some: ElfImageWhereInput
  elf_images_every: ElfImageWhereInput
  elf_images_none: ElfImageWhereInput
  gpu_devices_some: GpuDeviceWhereInput
  gpu_devices_every: GpuDeviceWhereInput
  gpu_devices_none: GpuDeviceWhereInput
  hosts_some: HostWhereInput
  hosts_every: HostWhereInput
  hosts_none: HostWhereInput
  iscsi_luns_some: IscsiLunWhereInput
  iscsi_luns_every: IscsiLunWhereInput
  iscsi_luns_none: IscsiLunWhereInput
  iscsi_lun_snapshots_some: IscsiLunSnapshotWhereInput
  iscsi_lun_snapshots_every: IscsiLunSnapshotWhereInput
  iscsi_lun_snapshots_none: IscsiLunSnapshotWhereInput
  iscsi_targets_some: IscsiTargetWhereInput
  iscsi_targets_every: IscsiTargetWhereInput
  iscsi_targets_none: IscsiTargetWhereInput
  isolation_policies_some: IsolationPolicyWhereInput
  isolation_policies_every: IsolationPolicyWhereInput
  isolation_policies_none: IsolationPolicyWhereInput
  namespace_groups_some: NamespaceGroupWhereInput
  namespace_groups_every: NamespaceGroupWhereInput
  namespace_groups_none: NamespaceGroupWhereInput
  nfs_exports_some: NfsExportWhereInput
  nfs_exports_every: NfsExportWhereInput
  nfs_exports_none: NfsExportWhereInput
  nfs_inodes_some: NfsInodeWhereInput
  nfs_inodes_every: NfsInodeWhereInput
  nfs_inodes_none: NfsInodeWhereInput
  nics_some: NicWhereInput
  nics_every: NicWhereInput
  nics_none: NicWhereInput
  nvmf_namespaces_some: NvmfNamespaceWhereInput
  nvmf_namespaces_every: NvmfNamespaceWhereInput
  nvmf_namespaces_none: NvmfNamespaceWhereInput
  nvmf_namespace_snapshots_some: NvmfNamespaceSnapshotWhereInput
  nvmf_namespace_snapshots_every: NvmfNamespaceSnapshotWhereInput
  nvmf_namespace_snapshots_none: NvmfNamespaceSnapshotWhereInput
  nvmf_subsystems_some: NvmfSubsystemWhereInput
  nvmf_subsystems_every: NvmfSubsystemWhereInput
  nvmf_subsystems_none: NvmfSubsystemWhereInput
  security_policies_some: SecurityPolicyWhereInput
  security_policies_every: SecurityPolicyWhereInput
  security_policies_none: SecurityPolicyWhereInput
  vdses_some: VdsWhereInput
  vdses_every: VdsWhereInput
  vdses_none: VdsWhereInput
  vlans_some: VlanWhereInput
  vlans_every: VlanWhereInput
  vlans_none: VlanWhereInput
  vm_snapshots_some: VmSnapshotWhereInput
  vm_snapshots_every: VmSnapshotWhereInput
  vm_snapshots_none: VmSnapshotWhereInput
  vm_templates_some: VmTemplateWhereInput
  vm_templates_every: VmTemplateWhereInput
  vm_templates_none: VmTemplateWhereInput
  vm_volumes_some: VmVolumeWhereInput
  vm_volumes_every: VmVolumeWhereInput
  vm_volumes_none: VmVolumeWhereInput
  vm_volume_snapshots_some: VmVolumeSnapshotWhereInput
  vm_volume_snapshots_every: VmVolumeSnapshotWhereInput
  vm_volume_snapshots_none: VmVolumeSnapshotWhereInput
}

# ---- Objects that hold labels WITHOUT a relation on Label: Label has no list field, no
# \`<x>_some/_none\` filter and no counter for them, so neither the relations, nor \`total_num\`, nor a
# guarded delete's \`where\` can see them. Deleting a label one of them names silently changes what
# it selects: Everoute's policy sync then fails ("label ... not found") and stops applying that
# policy's changes, or an emptied selector matches nothing.
# Sources: REST specs 3.0.0-4.9.0 in smartxworks/cloudtower-api-doc-tauri
# (/get-security-groups from 3.0; /get-virtual-private-cloud-security-groups and
# /get-virtual-private-cloud-security-policies from 4.2-4.3; /get-business-hosts and /get-disk-pools
# from 4.7); go-sdk models security_group.go (2.9.0+), business_host.go and disk_pool.go (2.21.0 =
# Tower 4.7); the pre-3.0 UI-kit GraphQL snapshot (SecurityGroup.label_groups and the policies'
# selectors are Json columns of label ids, resolved to Label objects); everoute/everoute
# plugin/tower (queries \`securityGroups { label_groups { labels { id } } }\` and the policies'
# \`selector { id }\`). Whether Label.security_policies / isolation_policies mirror every selector is
# not public. The GraphQL root names of the 4.x types are ASSUMED from their REST paths.
type LabelGroup { label_ids: [String!] labels: [Label!] }      # ids stored as Json, resolved to labels

type SecurityGroup { id: ID! name: String label_groups: [LabelGroup!] }                      # Tower 3.0+
input SecurityGroupWhereInput { AND: [SecurityGroupWhereInput!] OR: [SecurityGroupWhereInput!] NOT: [SecurityGroupWhereInput!] id: ID id_in: [ID!] name: String name_contains: String }

# A policy rule's peers / a policy's targets: label ids (Json), resolved to labels.
type NetworkPolicyRule { type: String selector: [Label!] selector_ids: [String!] ip_block: String }
type SecurityPolicyApply { communicable: Boolean selector: [Label!] selector_ids: [String!] }
extend type SecurityPolicy { apply_to: [SecurityPolicyApply!] ingress: [NetworkPolicyRule!] egress: [NetworkPolicyRule!] }
extend type IsolationPolicy { ingress: [NetworkPolicyRule!] egress: [NetworkPolicyRule!] }

type VirtualPrivateCloudSecurityGroup { id: ID! name: String label_groups: [LabelGroup!] }   # 4.2+ (name assumed)
input VirtualPrivateCloudSecurityGroupWhereInput { AND: [VirtualPrivateCloudSecurityGroupWhereInput!] OR: [VirtualPrivateCloudSecurityGroupWhereInput!] NOT: [VirtualPrivateCloudSecurityGroupWhereInput!] id: ID id_in: [ID!] name: String }
type VirtualPrivateCloudSecurityPolicy { id: ID! name: String ingress: [NetworkPolicyRule!] egress: [NetworkPolicyRule!] }  # 4.2+ (name assumed)
input VirtualPrivateCloudSecurityPolicyWhereInput { AND: [VirtualPrivateCloudSecurityPolicyWhereInput!] OR: [VirtualPrivateCloudSecurityPolicyWhereInput!] NOT: [VirtualPrivateCloudSecurityPolicyWhereInput!] id: ID id_in: [ID!] name: String }

# 4.7+: a relation on their side only (their WhereInput has labels_some/_none; Label has nothing).
type BusinessHost { id: ID! name: String labels: [Label!] }
input BusinessHostWhereInput { AND: [BusinessHostWhereInput!] OR: [BusinessHostWhereInput!] NOT: [BusinessHostWhereInput!] id: ID id_in: [ID!] name: String labels_some: LabelWhereInput labels_none: LabelWhereInput }
type DiskPool { id: ID! name: String labels: [Label!] }
input DiskPoolWhereInput { AND: [DiskPoolWhereInput!] OR: [DiskPoolWhereInput!] NOT: [DiskPoolWhereInput!] id: ID id_in: [ID!] name: String labels_some: LabelWhereInput labels_none: LabelWhereInput }

extend type Query {
  securityGroups(where: SecurityGroupWhereInput, first: Int, skip: Int, after: String): [SecurityGroup!]!                   # 3.0+
  securityPolicies(where: SecurityPolicyWhereInput, first: Int, skip: Int, after: String): [SecurityPolicy!]!
  isolationPolicies(where: IsolationPolicyWhereInput, first: Int, skip: Int, after: String): [IsolationPolicy!]!
  virtualPrivateCloudSecurityGroups(where: VirtualPrivateCloudSecurityGroupWhereInput, first: Int, skip: Int, after: String): [VirtualPrivateCloudSecurityGroup!]!      # 4.2+ (assumed)
  virtualPrivateCloudSecurityPolicies(where: VirtualPrivateCloudSecurityPolicyWhereInput, first: Int, skip: Int, after: String): [VirtualPrivateCloudSecurityPolicy!]!  # 4.2+ (assumed)
  businessHosts(where: BusinessHostWhereInput, first: Int, skip: Int, after: String): [BusinessHost!]!   # 4.7+
  diskPools(where: DiskPoolWhereInput, first: Int, skip: Int, after: String): [DiskPool!]!               # 4.7+
}
`;
