// What the Word reader needs of mammoth (passed in, module or loader, so the engine imports neither
// mammoth nor a file system): its own file so the folder's index can name it without a circle.
export interface MammothLike {
  convertToHtml(
    input: { arrayBuffer?: ArrayBuffer; buffer?: Uint8Array },
    options?: { styleMap?: string[]; includeDefaultStyleMap?: boolean; convertImage?: unknown },
  ): Promise<{ value: string; messages: { type: string; message: string }[] }>;
  /** mammoth.images: imgElement builds an image converter (used so that no image is ever read). */
  images?: { imgElement(f: (image: unknown) => Promise<{ src: string }>): unknown };
}

export type MammothSource = MammothLike | (() => Promise<MammothLike>);
