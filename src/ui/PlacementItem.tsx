/** One placed report in the list: name, range, size, freshness, status, hand edits, what changed, and its action buttons. */
import { UnattendedFailureNote } from './UnattendedFailureNote';
import { Button, Caption1, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ConfirmationNote } from './ConfirmationNote';
import { useEffect, useId, useRef } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import { capNoteOf, type CardOutcome } from './card-outcome';
import { CardOutcomeBar, type CardOutcomeActions } from './CardOutcomeBar';
import { formatShape } from './format-numbers';
import { handEditsCountText } from './hand-edited';
import type { PlacementBadge } from './placement-badge';
import { placementCardId } from './placement-card-id';
import { PlacementStatusBadge } from './PlacementStatusBadge';
import { ParameterLines } from './ParameterLines';
import { ParameterRefreshSwitch } from './ParameterRefreshSwitch';
import { RefreshChanges } from './RefreshChanges';
import { lastRefreshedLabel, refreshedLabel } from './relative-time';

export interface PlacementItemProps {
  placement: PlacementView;
  badge: PlacementBadge;
  nowMs: number;
  /** True while this item's own refresh runs (its Refresh button becomes Cancel). */
  refreshing: boolean;
  /** True while a Refresh all runs (item actions that write are disabled). */
  locked: boolean;
  onRefresh: () => void;
  onCancelRefresh: () => void;
  onGoTo: () => void;
  onEdit: () => void;
  onRemove: () => void;
  /** Move the report to another cell (the button shows only when given). */
  onMove?: () => void;
  /** Place the same report again at another cell (the button shows only when given). */
  onPlaceAgain?: () => void;
  /** An orphaned report: write it at the selected cell again (the button shows only when given and the card is orphaned). */
  onInsertAgain?: () => void;
  /** True while the orphan is being written again. */
  insertingAgain?: boolean;
  /** The outcome of this card's own last action, shown on the card. */
  outcome: CardOutcome | null;
  onDismissOutcome: () => void;
  /** What the outcome's buttons and the hand-edit and changes lines do (Locate, Overwrite, Show changes, Undo refresh). */
  actions: CardOutcomeActions;
  /** The report just inserted or saved: marked, scrolled into view and focused. */
  highlighted: boolean;
  /** An unattended run failed on this placement and nobody has looked yet: the card says so until `onMarkSeen`. */
  onMarkSeen?: (() => void) | null;
  /** The signed-in person has not placed or confirmed this placement: the card says so, with Confirm. */
  onConfirm?: (() => void) | null;
  /** The list's compact density: the same content with less space around it. */
  compact?: boolean;
  /** Left out by the list's search: kept mounted, out of sight and out of the accessibility tree. */
  hidden?: boolean;
}

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    // `hidden` (left out by the search) must win over the flex display.
    '&[hidden]': { display: 'none' },
    // A card out of sight is not laid out or painted (its last size holds its place): on a long list each change
    // (a step of mounting, a search, the density) then lays out the cards in sight only.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 96px',
  },
  compact: { padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, gap: 0 },
  highlighted: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  name: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  handEdits: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  edited: { color: tokens.colorStatusWarningForeground3, overflowWrap: 'anywhere' },
});

export function PlacementItem(props: PlacementItemProps) {
  const { placement: p, badge, nowMs, refreshing, locked, outcome, actions } = props;
  // An undo runs on the card's cells: nothing else writes them until it ends.
  const busy = refreshing || outcome?.kind === 'undoing';
  const styles = useStyles();
  const orphaned = p.rangeLabel === null;
  const readOnly = p.canEdit === false;
  const readOnlyId = useId();
  const ref = useRef<HTMLLIElement>(null);
  const { highlighted } = props;
  useEffect(() => {
    if (!highlighted || ref.current === null) return;
    if (typeof ref.current.scrollIntoView === 'function') ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus();
  }, [highlighted]);
  const freshness = badge.notRefreshed ? lastRefreshedLabel(p.refreshedAt, nowMs) : refreshedLabel(p.refreshedAt, nowMs);
  // The service says when the last result was cut at the platform's default cap; an older one leaves it to a guess.
  const capNote =
    p.truncatedAtDefaultCap !== undefined
      ? capNoteOf(p.dataRows, null, p.truncatedAtDefaultCap)
      : p.dataRows > 0 && p.headerRows <= 1
        ? capNoteOf(p.dataRows, null)
        : null;
  return (
    <li
      ref={ref}
      id={placementCardId(p.placementId)}
      // Focusable by script only (a highlighted card, a link of the Refresh all summary), never a tab stop.
      tabIndex={-1}
      className={mergeClasses(styles.item, props.compact === true && styles.compact, highlighted && styles.highlighted)}
      hidden={props.hidden === true}
      aria-label={p.name}
      aria-current={highlighted ? 'true' : undefined}
      data-highlighted={highlighted ? 'true' : undefined}
    >
      <Text weight="semibold" className={styles.name}>
        {p.name}
      </Text>
      <Caption1 className={styles.meta}>
        {orphaned ? 'No cells' : p.rangeLabel} · {p.dataRows === 0 ? 'no data rows' : formatShape(p.dataRows, p.cols)}
      </Caption1>
      <Caption1 className={styles.meta}>{p.refreshedAt === null ? freshness : <time dateTime={p.refreshedAt}>{freshness}</time>}</Caption1>
      {capNote !== null && <Caption1 className={styles.meta}>{capNote}</Caption1>}
      {p.parameters && <ParameterLines parameters={p.parameters} name={p.name} />}
      {p.parameters && p.parameters.length > 0 && <ParameterRefreshSwitch placement={p} />}
      <PlacementStatusBadge badge={outcome?.kind === 'error' ? { ...badge, reason: null } : badge} />
      {readOnly && (
        <Caption1 id={readOnlyId} className={styles.meta}>
          Read only: you can refresh this report but not change it.
        </Caption1>
      )}
      {props.onMarkSeen ? <UnattendedFailureNote name={p.name} onSeen={props.onMarkSeen} /> : null}
      {props.onConfirm ? <ConfirmationNote name={p.name} onConfirm={props.onConfirm} /> : null}
      {/* The warning of a stopped refresh names the cells itself: the line would say it twice. */}
      {p.handEdits != null && outcome?.kind !== 'handEdited' && (
        <div className={styles.handEdits}>
          <Caption1 className={styles.edited}>Edited by hand: {handEditsCountText(p.handEdits)}</Caption1>
          <Button size="small" appearance="subtle" onClick={actions.onLocate} aria-label={`Locate hand edits in ${p.name}`}>
            Locate
          </Button>
        </div>
      )}
      {/* A card shows one outcome: what the last refresh changed only when no newer outcome of its own is shown. */}
      {/* An orphaned placement has no cells: nothing to show as changed, nothing to undo. */}
      {outcome === null && p.lastChanges != null && p.rangeLabel !== null && (
        <RefreshChanges
          after={{ changes: p.lastChanges, undo: p.undo ?? { available: false } }}
          prefix="Last refresh: "
          onShowChanges={actions.onShowChanges}
          onUndo={actions.onUndo}
          busy={actions.busy || busy}
        />
      )}
      {outcome !== null && (
        <CardOutcomeBar outcome={outcome} onDismiss={props.onDismissOutcome} actions={{ ...actions, busy: actions.busy || busy }} />
      )}
      <div className={styles.actions}>
        {refreshing ? (
          <Button size="small" onClick={props.onCancelRefresh} aria-label={`Cancel refresh of ${p.name}`}>
            Cancel
          </Button>
        ) : (
          <Button size="small" onClick={props.onRefresh} disabled={locked || orphaned || busy} aria-label={`Refresh ${p.name}`}>
            Refresh
          </Button>
        )}
        <Button size="small" onClick={props.onGoTo} disabled={orphaned} aria-label={`Go to ${p.name}`}>
          Go to
        </Button>
        <Button
          size="small"
          onClick={props.onEdit}
          disabled={locked || busy || readOnly}
          aria-label={`Edit ${p.name}`}
          aria-describedby={readOnly ? readOnlyId : undefined}
        >
          Edit
        </Button>
        <Button size="small" onClick={props.onRemove} disabled={locked || busy} aria-label={`Remove ${p.name}`}>
          Remove
        </Button>
        {props.onMove && (
          <Button size="small" onClick={props.onMove} disabled={locked || refreshing || orphaned} aria-label={`Move ${p.name}`}>
            Move
          </Button>
        )}
        {props.onPlaceAgain && (
          <Button size="small" onClick={props.onPlaceAgain} disabled={locked} aria-label={`Place ${p.name} again`}>
            Place again…
          </Button>
        )}
        {orphaned && props.onInsertAgain && (
          <Button
            size="small"
            appearance="primary"
            onClick={props.onInsertAgain}
            disabled={locked}
            // Focusable while it runs: the focus stays here until the card, holding the outcome, takes it.
            disabledFocusable={props.insertingAgain === true}
            aria-label={`Insert ${p.name} again at the selected cell`}
          >
            Insert again at the selected cell
          </Button>
        )}
      </div>
    </li>
  );
}
