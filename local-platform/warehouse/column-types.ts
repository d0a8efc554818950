/** Maps DuckDB result types to the engine's `column_type` names of the stream header (wire-facts). */
import { DuckDBTypeId, type DuckDBType } from '@duckdb/node-api';
import type { ColumnType } from '../../src/core/wire/schemas';

/**
 * The engine's name for a DuckDB type. Integers keep their width (`Int8`..`Int64`; unsigned ones take the next wider
 * signed name; 128-bit ones are `Int64` with exact digits in the values), floats are `Double`, decimals
 * `{"Decimal":[p,s]}`, dates `{"Date":false}`, every timestamp flavour `Timestamp`, intervals
 * `{"Interval":"MonthDayNano"}`, lists `{"List":{...}}`, blobs `Blob`; everything else is text (`String`).
 */
export function columnTypeOf(type: DuckDBType): ColumnType {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return 'Boolean';
    case DuckDBTypeId.TINYINT:
      return 'Int8';
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.UTINYINT:
      return 'Int16';
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.USMALLINT:
      return 'Int32';
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return 'Int64';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return 'Double';
    case DuckDBTypeId.DECIMAL:
      return { Decimal: [type.width, type.scale] };
    case DuckDBTypeId.DATE:
      return { Date: false };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'Timestamp';
    case DuckDBTypeId.INTERVAL:
      return { Interval: 'MonthDayNano' };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
      return { List: { name: 'item', column_type: columnTypeOf(type.valueType), nullable: true } };
    case DuckDBTypeId.BLOB:
      return 'Blob';
    default:
      return 'String';
  }
}
