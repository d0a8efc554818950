/** The SQL the builder generates, read-only, or what is still missing to generate it. */
import { Caption1, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';

export interface SqlPreviewProps {
  sql: string | null;
  /** Why there is no SQL yet (the builder's validation message). */
  problem: string | null;
}

const useStyles = makeStyles({
  root: { width: '100%' },
  sql: { fontFamily: tokens.fontFamilyMonospace },
  problem: { color: tokens.colorNeutralForeground2 },
});

export function SqlPreview({ sql, problem }: SqlPreviewProps) {
  const styles = useStyles();
  if (sql === null) {
    return (
      <Field label="Generated SQL">
        <Caption1 className={styles.problem}>{problem ?? 'Choose a view and add fields to see the SQL.'}</Caption1>
      </Field>
    );
  }
  return (
    <Field label="Generated SQL">
      <Textarea
        className={styles.root}
        textarea={{ className: styles.sql }}
        value={sql}
        readOnly
        resize="vertical"
        rows={Math.min(10, sql.split('\n').length + 1)}
      />
    </Field>
  );
}
