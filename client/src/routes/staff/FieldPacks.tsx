import { PackList } from '../../features/field-pack/PackList';

/** /admin-page/field-pack: BADC's applications kept on this phone for the field (docs/decisions/031-field-pack.md). */
export default function FieldPacks() {
  return <PackList />;
}
