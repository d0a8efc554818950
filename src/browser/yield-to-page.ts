/**
 * yieldToPage: lets the page handle input and paint before long work goes on.
 * It posts a message on a fresh channel: a macrotask that, unlike nested timeouts, is not clamped.
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
