import { useState } from 'react';
import type { ContentImage } from '@portal/shared/schemas/content';
import type { AdminContentImage, GeoPositionInput } from '@portal/shared/schemas/geo-items';
import { Modal } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';
import { GeoPositionFields } from './GeoPositionFields';
import { parsePosition, positionText, type PositionErrors } from './position';

/**
 * Sets, changes or clears the place of a GEO item (PATCH /api/admin/images/{id}/position, audited
 * on the server; docs/decisions/034-geo-database-map.md). The boxes are checked here as the server
 * checks them, so a place outside Bangladesh never leaves the screen.
 */
export function GeoPositionDialog({
  image,
  onClose,
  onSaved,
}: {
  image: ContentImage;
  onClose: () => void;
  onSaved: (image: AdminContentImage) => void;
}) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [value, setValue] = useState(() => positionText(image));
  const [errors, setErrors] = useState<PositionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasPlace = image.latitude != null;

  const send = async (body: GeoPositionInput) => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await staffApi<AdminContentImage>(`/api/admin/images/${encodeURIComponent(image.id)}/position`, {
        method: 'PATCH',
        json: body,
      });
      toast.success(t(saved.latitude == null ? 'geoItems.dialog.cleared' : 'geoItems.dialog.saved'));
      onSaved(saved);
    } catch (err) {
      setFailure(t('geoItems.dialog.failed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const parsed = parsePosition(value);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    void send(parsed.position ?? { latitude: null, longitude: null });
  };

  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} title={t('geoItems.dialog.title')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        className="space-y-3"
      >
        <GeoPositionFields idPrefix="geo-edit" value={value} onChange={setValue} errors={errors} disabled={busy} />
        {failure && (
          <p role="alert" className={ui.alertError}>
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {hasPlace && (
            <button
              type="button"
              className={`${ui.secondary} mr-auto text-red-800`}
              disabled={busy}
              onClick={() => void send({ latitude: null, longitude: null })}
            >
              {t('geoItems.dialog.clear')}
            </button>
          )}
          <button type="button" className={ui.secondary} disabled={busy} onClick={onClose}>
            {t('geoItems.dialog.cancel')}
          </button>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('geoItems.dialog.saving') : t('geoItems.dialog.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
