/** Places a report that exists: again (a placed report's) or by the id or link the user pastes, at the selected cell. */
import { Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { CellTargetDialog } from './CellTargetDialog';

export interface PlaceReportDialogProps {
  /** Open with the name of the report to place again, or `reference` to ask for a report's id or link; closed when null. */
  placing: { name: string } | 'reference' | null;
  busy: boolean;
  /** The last attempt's error, shown in the dialog (the dialog stays open to correct the id). */
  error: unknown;
  onConfirm: (target: CellTarget, reference: string) => void;
  onCancel: () => void;
}

/** The field keeps what was pasted while the dialog closes and opens again for one placing; the owner remounts it (a `key`) for the next. */
export function PlaceReportDialog({ placing, busy, error, onConfirm, onCancel }: PlaceReportDialogProps) {
  const open = placing !== null;
  const [reference, setReference] = useState('');
  const asksReference = placing === 'reference';
  const title = placing === null || placing === 'reference' ? 'Place existing report' : `Place ${placing.name} again`;
  const missing = asksReference && reference.trim() === '';
  return (
    <CellTargetDialog
      open={open}
      title={title}
      busy={busy}
      confirmLabel="Place here"
      targetText={(target) => (target === null ? 'Select a cell to place the report at' : `Place at ${target.label}`)}
      blocked={missing}
      onConfirm={(target) => onConfirm(target, reference)}
      onCancel={onCancel}
      after={error !== null && error !== undefined && <ErrorBar error={error} subject="Place report" />}
    >
      <Text block>
        {asksReference
          ? 'Paste the number id of a report on the platform, or a link to it. It is placed as it is: the report is not changed.'
          : 'Select the cell in the sheet where the copy should start. The report runs there as a new placement; it is not changed.'}
      </Text>
      {asksReference && (
        <Field label="Report id or link" hint="For example 42, or https://your-tenant.example.com/api/v1/deployments/7/reports/42">
          <Input value={reference} disabled={busy} onChange={(_, data) => setReference(data.value)} />
        </Field>
      )}
    </CellTargetDialog>
  );
}
