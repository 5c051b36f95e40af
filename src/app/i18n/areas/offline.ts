// Interface text of the offline copy and threads (src/app/offline/), in both languages.
export const pt = {
  'offline.updateReady': 'Há uma nova versão do ChunkLab. Recarregue para usá-la (seu trabalho fica salvo neste navegador).',
  'offline.isolateReady': 'Recarregue a página para o modelo usar todos os núcleos do processador (seu trabalho fica salvo).',
  'offline.reload': 'Recarregar',
};

export const en: Record<keyof typeof pt, string> = {
  'offline.updateReady': 'A new version of ChunkLab is available. Reload to use it (your work stays saved in this browser).',
  'offline.isolateReady': 'Reload the page so the model can use every processor core (your work stays saved).',
  'offline.reload': 'Reload',
};
