// Opens the models dialog from anywhere: mount <ModelsDialog /> once (the lead does, in App), then
// call openModelsDialog() from any view ("choose a model" links, a dense run that needs one).
// The dialog also holds the reranker picker; openModelsDialog('reranker') scrolls to it.
export const modelsDialog = $state({ open: false, focus: null as null | 'model' | 'reranker' });

export function openModelsDialog(focus?: 'model' | 'reranker' | Event): void {
  modelsDialog.focus = focus === 'model' || focus === 'reranker' ? focus : null;
  modelsDialog.open = true;
}

export function closeModelsDialog(): void {
  modelsDialog.open = false;
}
