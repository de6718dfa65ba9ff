import {
  BirderDetailQuerySchema,
  BirderDetailResponseSchema,
  BirdersListResponseSchema,
  BirdersQuerySchema,
  BirdsCountYearQuerySchema,
  BirdsCountYearResponseSchema,
  ChecklistAnalysisSchema,
  CountResponseSchema,
  DeleteBirderResponseSchema,
  DistrictLeadersResponseSchema,
  DistrictSpeciesCountQuerySchema,
  DistrictSpeciesCountResponseSchema,
  PeriodQuerySchema,
  SpeciesCountMonthsResponseSchema,
  TopBirdersResponseSchema,
} from '@jarog/contracts';
import type { RouteDoc } from '../route-doc';

const DASHBOARD = 'Dashboard and analytics';
const BIRDERS = 'Birders';
const PERIOD = 'The month asked (`year`, `month`; the current one when absent).';

/** Dashboard counts, analytics and birders (issue 5). */
export const INSIGHT_DOCS: Record<string, RouteDoc> = {
  'GET /api/v1/birders-count': {
    tag: DASHBOARD,
    summary: 'How many birder accounts there are',
    response: CountResponseSchema,
  },
  'GET /api/v1/checklists/get-count': {
    tag: DASHBOARD,
    summary: 'How many submitted checklists there are',
    response: CountResponseSchema,
  },
  'GET /api/v1/checklists/analyze/birdingsites-count': {
    tag: DASHBOARD,
    summary: 'How many distinct birding sites the records name',
    response: CountResponseSchema,
  },
  'GET /api/v1/checklists/analyze/district-species': {
    tag: DASHBOARD,
    summary: 'Species observed per dzongkhag in a month, with the change from the month before',
    description: `${PERIOD} \`format=csv\` downloads district_species_count.csv.`,
    query: PeriodQuerySchema,
    response: DistrictLeadersResponseSchema,
  },
  'GET /api/v1/checklists/analyze/district-checklists': {
    tag: DASHBOARD,
    summary: 'Checklists per dzongkhag in a month, with the change from the month before',
    description: `${PERIOD} \`format=csv\` downloads district_checklists_count.csv.`,
    query: PeriodQuerySchema,
    response: DistrictLeadersResponseSchema,
  },
  'GET /api/v1/checklists/analyze/species-count-months': {
    tag: DASHBOARD,
    summary: 'Distinct species and birds counted per month of a year',
    query: PeriodQuerySchema,
    response: SpeciesCountMonthsResponseSchema,
  },
  'GET /api/v1/checklists/analyze/district-species-count': {
    tag: DASHBOARD,
    summary: 'Species counts per dzongkhag, gewog and village (largest first, capped at `limit`)',
    query: DistrictSpeciesCountQuerySchema,
    response: DistrictSpeciesCountResponseSchema,
  },
  'GET /api/v1/checklists/analyze/birds-count-year': {
    tag: DASHBOARD,
    summary: 'The most counted birds of a year',
    query: BirdsCountYearQuerySchema,
    response: BirdsCountYearResponseSchema,
  },
  'POST /api/v1/checklists/analyze': {
    tag: DASHBOARD,
    summary: 'Summarises an uploaded .xlsx of checklists; nothing is stored',
    query: PeriodQuerySchema,
    upload: { field: 'file', description: 'The .xlsx file (10 MB at most)' },
    response: ChecklistAnalysisSchema,
    errors: { 413: 'The file is larger than 10 MB' },
  },
  'GET /api/v1/birders': {
    tag: BIRDERS,
    summary: 'Birder accounts with their entry counts',
    description: '`format=csv` downloads birders.csv with the filtered list.',
    query: BirdersQuerySchema,
    response: BirdersListResponseSchema,
  },
  'GET /api/v1/birders/top': {
    tag: BIRDERS,
    summary: 'Birders ranked by approved entries',
    query: BirdersQuerySchema,
    response: TopBirdersResponseSchema,
  },
  'GET /api/v1/birders/:id': {
    tag: BIRDERS,
    summary: 'One birder with a page of their latest submitted entries',
    params: { id: 'The birder’s account id' },
    query: BirderDetailQuerySchema,
    response: BirderDetailResponseSchema,
    errors: { 404: 'No such birder' },
  },
  'DELETE /api/v1/birders/:id': {
    tag: BIRDERS,
    summary: 'Deletes a birder account; their records stay, observed by a deleted birder',
    params: { id: 'The birder’s account id' },
    response: DeleteBirderResponseSchema,
    errors: { 404: 'No such birder' },
  },
};
