/**
 * The document upload of a method form (SPEC §7 deposit and withdrawal upload): the arguments
 * both flows' upload calls take, and the multipart body they send.
 *
 * @packageDocumentation
 */

/** SPEC §7 upload arguments, for the deposit and the withdrawal upload alike. */
export interface UploadArgs {
  readonly payGroupId: string;
  readonly file: File;
  /** The file_upload field the document fills. */
  readonly fieldName: string;
  /** One key per upload, so a repeated request stores the document once. */
  readonly idempotencyKey: string;
}

/** The multipart body of an upload: `field_name` and `file`. */
export function uploadFormData({ fieldName, file }: UploadArgs): FormData {
  const form = new FormData();
  form.append('field_name', fieldName);
  form.append('file', file);
  return form;
}
