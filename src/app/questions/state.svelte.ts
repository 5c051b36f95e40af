// Which question set, question and document the editor shows: kept for the page's lifetime so
// switching tabs or views comes back to the same place.
export const editor = $state<{ setId?: string; questionId?: string; docId?: string }>({});
