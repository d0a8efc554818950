/** The fake's errors: shaped like OfficeExtension.Error (name, code, message, debugInfo), with Excel's documented error codes. */

/** Error codes the fake raises, as named in Excel.ErrorCodes and OfficeExtension.ErrorCodes. */
export type FakeErrorCode =
  | 'PropertyNotLoaded'
  | 'InvalidArgument'
  | 'InvalidReference'
  | 'InvalidOperation'
  | 'InvalidOperationInCellEditMode'
  | 'ItemNotFound'
  | 'ItemAlreadyExists'
  | 'RequestPayloadSizeLimitExceeded'
  | 'ResponsePayloadSizeLimitExceeded'
  | 'RangeExceedsLimit'
  | 'ApiNotFound'
  | 'InvalidRequestContext'
  | 'GeneralException';

export class FakeOfficeError extends Error {
  readonly code: FakeErrorCode;
  readonly debugInfo: { code: FakeErrorCode; message: string; errorLocation?: string };

  constructor(code: FakeErrorCode, message: string, errorLocation?: string) {
    super(message);
    this.name = 'RichApi.Error';
    this.code = code;
    this.debugInfo = { code, message, ...(errorLocation ? { errorLocation } : {}) };
  }
}

export function fail(code: FakeErrorCode, message: string, where?: string): never {
  throw new FakeOfficeError(code, message, where);
}
