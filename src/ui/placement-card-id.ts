/** The DOM id of a placement's card in the list, and moving focus to that card (from the Refresh all summary's links). */

export function placementCardId(placementId: string): string {
  return `placement-card-${placementId}`;
}

/** Scrolls the card into view and focuses it; nothing when the card is not in the list (removed since). */
export function focusPlacementCard(placementId: string): void {
  const card = document.getElementById(placementCardId(placementId));
  if (card === null) return;
  if (typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'nearest' });
  card.focus();
}
