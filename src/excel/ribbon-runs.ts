/** The shared runtime's feed of the ribbon's Refresh all runs: the command publishes each run, the pane shows it. */
import { createRefreshAllFeed } from '../ui/refresh-all-feed';

export const ribbonRuns = createRefreshAllFeed();
