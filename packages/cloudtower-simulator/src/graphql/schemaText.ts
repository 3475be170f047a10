/** The CloudTower API subset served by the simulator: a verbatim copy of cloudtower/schema.graphql. */
export const SCHEMA_SDL = `
# The part of SmartX CloudTower's GraphQL API that the sweeper and its simulator use.
#
# Transport: POST <server>/api  (the trailing slash is accepted too), JSON body {query, variables}.
# After login every request carries the header   Authorization: <token>   — the raw token, no "Bearer".
# Errors come back as HTTP 200 with {"data": null|partial, "errors": [{"message", "code", "path"}]};
# \`code\` sits at the top level of each error (not under \`extensions\`). Codes seen from real Towers:
# LOGIN_FAILED, USER_NOT_FOUND, USER_PASSWORD_INCORRECT, PERMISSION_DENIED, LOAD_TOKEN_FAILED
# (missing, revoked or unknown token: log in again and retry once).
#
# The real schema is Prisma-1 style and far larger; names and shapes below are the real ones.
# Marked (assumed) where public sources did not show the exact form.

scalar DateTime   # ISO-8601 string, e.g. "2026-11-29T03:00:00.000Z"
scalar Long

enum UserSource { LOCAL LDAP }

input LoginInput {
  username: String!
  password: String!
  source: UserSource!
}

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
  security_policy_num: Int
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
`;
