import { useEffect, useState } from 'react';

/** The QR code image: pending, a PNG data URL, or failed. */
export type QrCodeImage =
  | { readonly kind: 'pending' }
  | { readonly kind: 'ready'; readonly dataUrl: string }
  | { readonly kind: 'failed' };

/** Pixel size of the generated PNG (sharp on 2x screens at the 240 px it is shown at). */
export const QR_PIXELS = 480;

/**
 * SPEC §2 display form "QR code": the payload drawn as a PNG data URL by the `qrcode` library,
 * loaded only when a display form is shown (docs/architecture.md: QR is lazy-loaded), so the deposit
 * pages never pay for it. The same URL serves the image and its download.
 */
export function useQrCode(payload: string): QrCodeImage {
  const [image, setImage] = useState<{ readonly payload: string; readonly image: QrCodeImage }>({
    payload,
    image: { kind: 'pending' },
  });
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(payload, {
          type: 'image/png',
          width: QR_PIXELS,
          margin: 2,
          errorCorrectionLevel: 'M',
        }),
      )
      .then(
        (dataUrl) => {
          if (current) setImage({ payload, image: { kind: 'ready', dataUrl } });
        },
        () => {
          if (current) setImage({ payload, image: { kind: 'failed' } });
        },
      );
    return () => {
      current = false;
    };
  }, [payload]);
  // An image drawn for an earlier payload is not this payload's code.
  return image.payload === payload ? image.image : { kind: 'pending' };
}
