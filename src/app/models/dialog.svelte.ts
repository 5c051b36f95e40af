// Opens the models dialog from anywhere: mount <ModelsDialog /> once (the lead does, in App), then
// call openModelsDialog() from any view ("choose a model" links, a dense run that needs one).
export const modelsDialog = $state({ open: false });

export function openModelsDialog(): void {
  modelsDialog.open = true;
}

export function closeModelsDialog(): void {
  modelsDialog.open = false;
}
