// PostgreSQL, as Kysely speaks it, but whose introspection (the migrator asks it which of its tables exist) reads
// only the connection's own schema. Kysely's own reads every schema of the database and calls functions on each
// (`has_schema_privilege`, `pg_get_serial_sequence`): a schema dropped by another process between its catalog snapshot
// and those calls fails it with « schema … does not exist » (test files, each with its own schema, dropping theirs
// while another file starts), and a database shared with other applications is read whole at every start.
import {
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table_name: string;
  table_schema: string;
  is_view: boolean;
  column_name: string | null;
  data_type: string | null;
  nullable: boolean | null;
  has_default: boolean | null;
  auto_incrementing: boolean | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  /** The tables and views of the current schema with their columns, read from the catalog without any function. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table_name, ns.nspname as table_schema, c.relkind in ('v', 'm') as is_view,
             a.attname as column_name, t.typname as data_type, not a.attnotnull as nullable,
             a.atthasdef as has_default, (a.attidentity <> '' or coalesce(d.adbin like '%nextval%', false)) as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const r of rows) {
      let table = tables.get(r.table_name);
      if (!table) {
        table = { name: r.table_name, schema: r.table_schema, isView: r.is_view, columns: [] };
        tables.set(r.table_name, table);
      }
      if (r.column_name !== null) {
        table.columns.push({
          name: r.column_name,
          dataType: r.data_type ?? '',
          isNullable: r.nullable ?? true,
          hasDefaultValue: r.has_default ?? false,
          isAutoIncrementing: r.auto_incrementing ?? false,
        });
      }
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
