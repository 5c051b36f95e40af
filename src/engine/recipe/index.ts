// Recipes: the chunking chosen in the page, as a file batch jobs and `serve --stdio` rerun exactly.
export { RECIPE_FORMAT, RECIPE_VERSION, makeRecipe, parseRecipe, recipeHash, formatRecipe, type Recipe } from './recipe.ts';
export { chunkWithRecipe, chunkRows, chunkRowId, documentFormat, recipeDocumentOf, type ChunkRow, type ChunkOneContext, type RecipeDocument } from './chunk-one.ts';
export { canonicalJson } from './canonical.ts';
export {
  PER_DOCUMENT_RECIPE_FORMAT,
  PER_DOCUMENT_RECIPE_VERSION,
  makePerDocumentRecipe,
  parsePerDocumentRecipe,
  formatPerDocumentRecipe,
  recipeForDocument,
  type PerDocumentRecipe,
  type PerDocumentConfiguration,
} from './per-document.ts';
