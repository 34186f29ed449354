// New York Slice's short slice names in Spanish (words.ts has the English and the checks).
export const wordsEs = {
  shortTypes: { 3: "Veg", 4: "Marg", 5: "Haw", 6: "BBQ", 7: "Salc", 8: "Cham", 9: "Pep", 10: "Carn", 11: "Ques" } as Record<number, string>,
  shortAnchovy: "Anch",
  shortSupreme: "Sup",
};
