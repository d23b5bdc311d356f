import type { FieldValue } from '@cashdesk/domain';
import { isInaccessible, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, field, Harness, textOf } from '../test-support';
import type { FieldContext, UploadResult } from '../types';

const receipt = field({
  name: 'receipt',
  type: 'file_upload',
  label: 'PH.FIELD.RECEIPT',
  is_required: true,
});

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngFile(name = 'receipt.png'): File {
  return new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], name, { type: 'image/png' });
}

async function renderUpload(onUpload: (file: File) => Promise<UploadResult>) {
  const values: FieldValue[] = [];
  const context: FieldContext = { ...EUR_CONTEXT, onUpload };
  await renderWithApp(
    <Harness field={receipt} context={context} onValue={(value) => values.push(value)} />,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return { values, input };
}

describe('file upload (SPEC §2 add files, row, delete; §5 types and 20 MB; §8 upload errors)', () => {
  it('uploads an accepted file through context.onUpload and shows its row with a delete button; focus goes to the delete button, and back to add after a removal', async () => {
    const onUpload = vi.fn(() => Promise.resolve<UploadResult>({ ok: true }));
    const { values, input } = await renderUpload(onUpload);
    expect(screen.getByRole('button', { name: await textOf('FIELDS.UPLOAD.ADD') })).toBeDefined();
    expect(screen.getByText(await textOf('PH.FIELD.RECEIPT'))).toBeDefined();
    await userEvent.upload(input, pngFile());
    await waitFor(() => {
      expect(values).toEqual(['receipt.png']);
    });
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('receipt.png')).toBeDefined();
    const remove = screen.getByRole('button', {
      name: await textOf('FIELDS.UPLOAD.DELETE', { name: 'receipt.png' }),
    });
    // Focus follows the control that replaced the one used.
    await waitFor(() => {
      expect(document.activeElement).toBe(remove);
    });
    await userEvent.click(remove);
    expect(values).toEqual(['receipt.png', '']);
    const add = screen.getByRole('button', { name: await textOf('FIELDS.UPLOAD.ADD') });
    await waitFor(() => {
      expect(document.activeElement).toBe(add);
    });
  });

  it('offers assistive technology one "Add files" control: the native file input is hidden from it', async () => {
    const { input } = await renderUpload(() => Promise.resolve<UploadResult>({ ok: true }));
    const add = await textOf('FIELDS.UPLOAD.ADD');
    expect(isInaccessible(input)).toBe(true);
    expect(screen.getAllByRole('button', { name: new RegExp(add) })).toHaveLength(1);
    // The button still opens the system's file picker through it.
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: add }));
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('refuses a file whose content is no accepted type (sniffed), opens the dialog and clears the input', async () => {
    const onUpload = vi.fn(() => Promise.resolve<UploadResult>({ ok: true }));
    const { values, input } = await renderUpload(onUpload);
    const fake = new File(['MZ not an image'], 'photo.png', { type: 'image/png' });
    await userEvent.upload(input, fake);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(await textOf('FIELDS.UPLOAD.ERROR_TITLE'));
    expect(dialog.textContent).toContain(
      await textOf('FIELDS.UPLOAD.RULES', { maxMegabytes: '20' }),
    );
    // SPEC §8: the general upload message, never "too large" for a small wrong file.
    expect(dialog.textContent).toContain(await textOf('PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR'));
    expect(dialog.textContent).not.toContain(
      await textOf('PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR'),
    );
    expect(input.value).toBe('');
    expect(onUpload).not.toHaveBeenCalled();
    expect(values).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: await textOf('PH.BUTTON.ACCEPT') }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('refuses a file over 20 MB (20971520 bytes)', async () => {
    const onUpload = vi.fn(() => Promise.resolve<UploadResult>({ ok: true }));
    const { input } = await renderUpload(onUpload);
    const big = pngFile('big.png');
    Object.defineProperty(big, 'size', { value: 20971521 });
    await userEvent.upload(input, big);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(await textOf('PH.DEPOSIT.UPLOAD_DOC.LIMIT_UPLOAD_ERROR'));
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('shows the upload error the page reports (PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR)', async () => {
    const { values, input } = await renderUpload(() =>
      Promise.resolve<UploadResult>({ ok: false, errorKey: 'PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR' }),
    );
    await userEvent.upload(input, pngFile());
    expect(
      await screen.findByText(await textOf('PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR')),
    ).toBeDefined();
    expect(values).toEqual(['']);
    // The control the player meets, the add button, is described by the error.
    const add = screen.getByRole('button', { name: await textOf('FIELDS.UPLOAD.ADD') });
    const description = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(await textOf('PH.DEPOSIT.UPLOAD_DOC.UPLOAD_ERROR'));
  });
});
