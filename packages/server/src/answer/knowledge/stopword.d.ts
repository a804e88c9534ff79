// `stopword` ships no type declarations: only the lists this package reads are declared.
declare module 'stopword' {
  export const hrv: string[];
  export const eng: string[];
}
