import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  DeleteQueryNode,
  IdentifierNode,
  JoinNode,
  OperationNodeTransformer,
  OperatorNode,
  QueryNode,
  ReferenceNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  ValueNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DB } from './schema.js';

/**
 * The tables whose rows belong to one office (migrations/20261128-01-offices.ts).
 * server/src/modules/offices/row-security.test.ts checks this list against the database.
 */
export const OFFICE_TABLES: ReadonlySet<string> = new Set([
  'site_settings',
  'office_counters',
  'localities',
  'blobs',
  'applications',
  'application_files',
  'licences',
  'licence_changes',
  'licence_periods',
  'licence_signing_key',
  'audit_log',
  'idempotency_keys',
  'otp_challenges',
  'citizen_grants',
  'sms_outbox',
  'complaints',
  'copy_requests',
  'service_files',
  'contact_messages',
  'content_images',
  'image_variants',
  'archive_files',
  'notices',
  'content_pages',
  'content_records',
  'field_visits',
  'field_visit_photos',
  'resolutions',
]);

/**
 * The explicit office filter (docs/decisions/057-offices.md): in a one-office scope, every query
 * the query builder makes on an office table also says `office_id = <the office>`, on each such
 * table of its FROM, its joins (in the join's ON, so a left join stays one), and the table an
 * UPDATE or DELETE changes. Row-level security is the second wall; this one is what the planner
 * sees: `office_id = 1` lets an index that leads with the office give its rows in order (a keyset
 * page of the register), where the policy's `office_id = ANY(…)` alone does not. A query written
 * as raw SQL has the policy only.
 */
export class OfficeFilterPlugin implements KyselyPlugin {
  private readonly transformer: OfficeFilterTransformer;
  constructor(officeId: number) {
    this.transformer = new OfficeFilterTransformer(officeId);
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Whether `db` adds the explicit office filter to the queries it builds: a one-office scope
 * (office-scope.ts). A query that would rather plan under the policy alone (the register's search,
 * register.repository.ts) asks this, so it stays as it is in a scope of several offices.
 */
export function filtersByOffice(db: Kysely<DB>): boolean {
  return db.getExecutor().plugins.some((plugin) => plugin instanceof OfficeFilterPlugin);
}

class OfficeFilterTransformer extends OperationNodeTransformer {
  constructor(private readonly officeId: number) {
    super();
  }

  /** The name a query uses for an office table (its alias, or its own name); null for anything else. */
  private officeTableName(node: OperationNode): string | null {
    if (TableNode.is(node)) {
      const name = node.table.identifier.name;
      return !node.table.schema && OFFICE_TABLES.has(name) ? name : null;
    }
    if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
      return this.officeTableName(node.node) ? node.alias.name : null;
    }
    return null;
  }

  private condition(name: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create('office_id'), TableNode.create(name)),
      OperatorNode.create('='),
      ValueNode.createImmediate(this.officeId),
    );
  }

  private withFilters<T extends SelectQueryNode | UpdateQueryNode | DeleteQueryNode>(
    node: T,
    tables: readonly OperationNode[],
  ): T {
    let out = node;
    for (const table of tables) {
      const name = this.officeTableName(table);
      if (name) out = QueryNode.cloneWithWhere(out, this.condition(name));
    }
    return out;
  }

  private withJoinFilters(joins: ReadonlyArray<JoinNode> | undefined): ReadonlyArray<JoinNode> | undefined {
    return joins?.map((join) => {
      const name = this.officeTableName(join.table);
      return name && join.on ? JoinNode.cloneWithOn(join, this.condition(name)) : join;
    });
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const query = super.transformSelectQuery(node);
    const filtered = this.withFilters(query, query.from?.froms ?? []);
    return query.joins ? { ...filtered, joins: this.withJoinFilters(query.joins) } : filtered;
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const query = super.transformUpdateQuery(node);
    return query.table ? this.withFilters(query, [query.table]) : query;
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const query = super.transformDeleteQuery(node);
    return this.withFilters(query, query.from.froms);
  }
}
