/** The semantic model over the sample warehouse: views `orders` and `customers`, each member with the SQL behind it. */

export type DimensionType = 'string' | 'number' | 'time' | 'boolean';
export type MeasureAggregation = 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max';
/** A measure's display format, spelled as `/meta` and the stream header carry it. */
export type MeasureFormat = 'currency' | 'percent' | 'number' | { readonly type: 'custom-numeric'; readonly value: string };

/** The currency of every `currency` measure of the sample warehouse. */
export const MODEL_CURRENCY = 'USD';

export interface ModelDimension {
  readonly name: string;
  readonly title: string;
  readonly type: DimensionType;
  /** SQL expression over the view's FROM clause (aliases `o`, `c`, `p`, `s`). */
  readonly sql: string;
  readonly primaryKey?: boolean;
  /** A UTC TIMESTAMP shown as wall-clock time in the query's timezone. */
  readonly zoned?: boolean;
  readonly description?: string;
  /** The model's free-form `meta` object, passed through `/meta` as the engine does (model-defaults.ts reads `filter`). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

export interface ModelMeasure {
  readonly name: string;
  readonly title: string;
  readonly aggType: MeasureAggregation;
  /** The row-level value the aggregate runs over (the view's column of the same name holds it). */
  readonly sql: string;
  readonly format?: MeasureFormat;
  readonly drillMembers?: readonly string[];
  readonly description?: string;
}

export interface ModelView {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** FROM clause (with joins) the member expressions refer to. */
  readonly from: string;
  readonly dimensions: readonly ModelDimension[];
  readonly measures: readonly ModelMeasure[];
}

export type SemanticModel = readonly ModelView[];

/** Standard granularities of every time dimension, finest first. */
export const TIME_GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

const ORDERS: ModelView = {
  name: 'orders',
  title: 'Orders',
  description: 'One row per order, with its customer and main product.',
  from: 'wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id LEFT JOIN wh_products p ON p.id = o.product_id',
  dimensions: [
    { name: 'id', title: 'Id', type: 'number', sql: 'o.id', primaryKey: true },
    { name: 'status', title: 'Status', type: 'string', sql: 'o.status' },
    { name: 'created_at', title: 'Created at', type: 'time', sql: 'o.created_at', zoned: true },
    { name: 'customer_city', title: 'Customer city', type: 'string', sql: 'c.city' },
    { name: 'customer_name', title: 'Customer name', type: 'string', sql: 'c.name' },
    { name: 'product_category', title: 'Product category', type: 'string', sql: 'p.category' },
    { name: 'product_name', title: 'Product name', type: 'string', sql: 'p.name' },
    { name: 'amount', title: 'Amount', type: 'number', sql: 'o.amount' },
    { name: 'is_returned', title: 'Is returned', type: 'boolean', sql: "(o.status = 'returned')" },
  ],
  measures: [
    { name: 'count', title: 'Count', aggType: 'count', sql: '1::BIGINT', drillMembers: ['orders.id', 'orders.status'] },
    { name: 'total_amount', title: 'Total amount', aggType: 'sum', sql: 'o.amount', format: 'currency' },
    { name: 'average_amount', title: 'Average amount', aggType: 'avg', sql: 'o.amount', format: 'currency' },
    { name: 'customers_count', title: 'Customers count', aggType: 'count_distinct', sql: 'o.customer_id' },
    { name: 'units_sold', title: 'Units sold', aggType: 'sum', sql: 'o.units', format: 'number' },
    { name: 'largest_amount', title: 'Largest amount', aggType: 'max', sql: 'o.amount', format: 'currency' },
  ],
};

const CUSTOMERS: ModelView = {
  name: 'customers',
  title: 'Customers',
  description: 'One row per customer, with the totals of their orders.',
  from:
    'wh_customers c LEFT JOIN (SELECT customer_id, SUM(amount) AS lifetime_value, COUNT(*) AS orders_count ' +
    'FROM wh_orders GROUP BY customer_id) s ON s.customer_id = c.id',
  dimensions: [
    { name: 'id', title: 'Id', type: 'number', sql: 'c.id', primaryKey: true },
    { name: 'name', title: 'Name', type: 'string', sql: 'c.name' },
    { name: 'nickname', title: 'Nickname', type: 'string', sql: 'c.nickname' },
    { name: 'city', title: 'City', type: 'string', sql: 'c.city' },
    {
      name: 'segment',
      title: 'Segment',
      type: 'string',
      sql: 'c.segment',
      // A filter the model asks every builder report on Customers to keep (every customer has a segment, so it keeps all rows).
      meta: { filter: { default: { operator: 'set', values: [] }, required: true } },
    },
    { name: 'signup_date', title: 'Signup date', type: 'time', sql: 'c.signup_date' },
  ],
  measures: [
    { name: 'count', title: 'Count', aggType: 'count', sql: '1::BIGINT', drillMembers: ['customers.id', 'customers.name'] },
    {
      name: 'lifetime_value',
      title: 'Lifetime value',
      aggType: 'sum',
      sql: 'COALESCE(s.lifetime_value, 0)',
      format: 'currency',
    },
    { name: 'orders_count', title: 'Orders count', aggType: 'sum', sql: 'COALESCE(s.orders_count, 0)' },
  ],
};

/** The model every deployment serves. */
export const SEMANTIC_MODEL: SemanticModel = [ORDERS, CUSTOMERS];

/** The SQL aggregate of a measure over a column reference (`SUM(o.total_amount)`). */
export function measureAggregate(measure: ModelMeasure, columnRef: string): string {
  switch (measure.aggType) {
    case 'count':
      return `COUNT(${columnRef})`;
    case 'count_distinct':
      return `COUNT(DISTINCT ${columnRef})`;
    case 'sum':
      return `SUM(${columnRef})`;
    case 'avg':
      return `AVG(${columnRef})`;
    case 'min':
      return `MIN(${columnRef})`;
    case 'max':
      return `MAX(${columnRef})`;
  }
}
