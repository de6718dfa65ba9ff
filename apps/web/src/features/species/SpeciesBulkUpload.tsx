import { SPECIES_TEXT_FIELDS, SpeciesUploadResponseSchema } from '@jarog/contracts';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/store';
import { SpreadsheetUpload } from '../../components/SpreadsheetUpload';
import { SPECIES_UPLOAD_TAGS, speciesApi } from './species.api';

const COLUMNS = [...SPECIES_TEXT_FIELDS, 'observations', 'photos'];

/** The species .xlsx bulk upload: a preview of what it would insert and change, then Confirm. */
export function SpeciesBulkUpload() {
  const dispatch = useAppDispatch();
  return (
    <SpreadsheetUpload
      title="Bulk upload (.xlsx)"
      className="species-bulk"
      path="/api/v1/species/fileupload"
      endpoint="uploadSpecies"
      schema={SpeciesUploadResponseSchema}
      help={`The first row names the columns (any order): ${COLUMNS.join(', ')}. Every row is checked first; when any row has a problem nothing is imported unless you choose to import only the good rows. Rows are matched on scientific name, so uploading the same file again updates those species instead of adding them twice.`}
      counts={(r) => [
        { key: 'inserted', label: r.dryRun ? 'To insert' : 'Inserted', value: r.inserted },
        { key: 'updated', label: r.dryRun ? 'To update' : 'Updated', value: r.updated },
      ]}
      details={() => <Link to="/species">Go to the species list</Link>}
      onImported={() => dispatch(speciesApi.util.invalidateTags(SPECIES_UPLOAD_TAGS))}
    />
  );
}
