/** The add-in service of the shared runtime, handed from the pane's start-up to the ribbon commands (both run in the one page). */
import type { AddinService } from '../core/service/addin-service';

let resolveService: (s: AddinService) => void = () => undefined;
let rejectService: (e: unknown) => void = () => undefined;
const service = new Promise<AddinService>((resolve, reject) => {
  resolveService = resolve;
  rejectService = reject;
});
// A command that never asks for the service must not leave an unhandled rejection behind.
service.catch(() => undefined);

export function provideService(s: AddinService): void {
  resolveService(s);
}

/** The start-up failed (old Excel, outside Office...): commands waiting for the service get this error. */
export function failService(e: unknown): void {
  rejectService(e);
}

export function runtimeService(): Promise<AddinService> {
  return service;
}
