import { useRef, useState, type FormEvent } from 'react';
import { ACCEPT_IMAGE_ATTRIBUTE } from '@portal/shared/constants';
import type { ContentImage, Gallery } from '@portal/shared/schemas/content';
import type { AdminContentImage } from '@portal/shared/schemas/geo-items';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { ImageGrid, ImageGridPlaceholder } from '../../../features/content/ImageGrid';
import { LoadState } from '../../../features/content/LoadState';
import { useContent } from '../../../features/content/useContent';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { ui } from '../../../features/staff/ui';
import { uploadFile } from './upload';
import { GeoItemPlace } from '../../../features/geo-items/GeoItemPlace';
import { GeoPositionDialog } from '../../../features/geo-items/GeoPositionDialog';
import { GeoPositionFields } from '../../../features/geo-items/GeoPositionFields';
import {
  coordinateText,
  EMPTY_POSITION,
  parsePosition,
  type PositionErrors,
} from '../../../features/geo-items/position';

/**
 * Slider, Photo Gallery and GEO Special Database (spec 2 §2): an upload form (file required), the
 * uploaded images as cards, 3 per row, each with Delete after 'Are you sure to Delete?'. A GEO item
 * also takes a place, typed or picked, or read from the photo's GPS by the server, and its card
 * shows and changes it (docs/decisions/034-geo-database-map.md).
 */
export function GalleryAdmin({ gallery }: { gallery: Gallery }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { data, error, loading, reload, setData } = useContent<ContentImage[]>(`/api/public/galleries/${gallery}`);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [position, setPosition] = useState(EMPTY_POSITION);
  const [positionErrors, setPositionErrors] = useState<PositionErrors>({});
  const [editing, setEditing] = useState<ContentImage | null>(null);
  const geo = gallery === 'geo';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const place = geo ? parsePosition(position) : ({ ok: true, position: null } as const);
    setPositionErrors(place.ok ? {} : place.errors);
    if (!file) setFileError(t('content.gallery.chooseFile'));
    if (!file || !place.ok) return;
    setBusy(true);
    setFileError(undefined);
    try {
      const query = place.position
        ? `?${new URLSearchParams({ latitude: String(place.position.latitude), longitude: String(place.position.longitude) })}`
        : '';
      const image = await uploadFile<AdminContentImage>(`/api/admin/galleries/${gallery}${query}`, file);
      setData((prev) => [image, ...(prev ?? [])]);
      setFile(null);
      setPosition(EMPTY_POSITION);
      if (input.current) input.current.value = '';
      toast.success(
        image.positionSource === 'exif' && image.latitude != null && image.longitude != null
          ? t('geoItems.uploaded.exif', {
              lat: f.num(coordinateText(image.latitude)),
              lng: f.num(coordinateText(image.longitude)),
            })
          : t('content.gallery.uploaded'),
      );
    } catch (err) {
      setFileError(f.error(err));
      toast.failure(t('content.gallery.uploadFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (image: ContentImage) => {
    const ok = await confirm({
      title: t('content.confirmDelete'),
      confirmLabel: t('content.confirmDeleteYes'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/admin/images/${image.id}`, { method: 'DELETE' });
      setData((prev) => prev?.filter((i) => i.id !== image.id));
      toast.success(t('content.gallery.deleted'));
    } catch (err) {
      toast.failure(t('content.gallery.deleteFailed', { message: f.error(err) }));
    }
  };

  return (
    <div className="space-y-4">
      <h1 className={ui.h1}>{t(`content.gallery.title.${gallery}`)}</h1>
      <form onSubmit={(e) => void submit(e)} className={`${ui.card} max-w-xl space-y-3`} noValidate>
        <div>
          <label htmlFor={`${gallery}-file`} className={ui.label}>
            {t('content.gallery.file')}
          </label>
          <input
            ref={input}
            id={`${gallery}-file`}
            type="file"
            accept={ACCEPT_IMAGE_ATTRIBUTE}
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${gallery}-file-error` : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
            className="block w-full text-sm file:mr-3 file:min-h-10 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-900"
          />
          {fileError && (
            <p id={`${gallery}-file-error`} className={ui.fieldError}>
              {fileError}
            </p>
          )}
        </div>
        {geo && (
          <GeoPositionFields
            idPrefix="geo-upload"
            value={position}
            onChange={setPosition}
            errors={positionErrors}
            disabled={busy}
          />
        )}
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t('content.gallery.uploading') : t('content.gallery.upload')}
        </button>
      </form>
      <LoadState loading={loading} error={error} reload={reload} placeholder={<ImageGridPlaceholder />}>
        {data && data.length === 0 ? (
          <p className="text-gray-600">{t('content.gallery.empty')}</p>
        ) : (
          <ImageGrid
            images={data ?? []}
            altFor={(i) => t('content.gallery.imageAlt', { n: f.num(i + 1) })}
            linkToFull
            footer={(image, i) => (
              <>
                {geo && (
                  <GeoItemPlace
                    image={image}
                    itemLabel={t('content.gallery.imageAlt', { n: f.num(i + 1) })}
                    onEdit={() => setEditing(image)}
                  />
                )}
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm text-gray-600">{f.day(image.createdAt)}</span>
                  <button
                    type="button"
                    className={`${ui.small} bg-red-700 font-semibold text-white`}
                    onClick={() => void remove(image)}
                  >
                    {t('content.delete')}
                  </button>
                </div>
              </>
            )}
          />
        )}
      </LoadState>
      {dialog}
      {editing && (
        <GeoPositionDialog
          image={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setData((prev) => prev?.map((i) => (i.id === saved.id ? saved : i)));
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

export function SliderAdmin() {
  return <GalleryAdmin gallery="slider" />;
}
export function PhotoGalleryAdmin() {
  return <GalleryAdmin gallery="gallery" />;
}
export function GeoDatabaseAdmin() {
  return <GalleryAdmin gallery="geo" />;
}
