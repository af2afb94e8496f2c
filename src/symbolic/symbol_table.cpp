#include "armdyn/symbolic/symbol_table.hpp"

#include "armdyn/core/error.hpp"

namespace armdyn {

GiNaC::symbol SymbolTable::add(SymbolInfo info) {
  if (by_text_.count(info.text)) throw InputError("symbol '" + info.text + "' defined twice");
  info.symbol = GiNaC::symbol(info.text, info.latex);
  by_symbol_[info.symbol] = list_.size();
  by_text_[info.text] = list_.size();
  list_.push_back(std::move(info));
  return list_.back().symbol;
}

const SymbolInfo* SymbolTable::find(const GiNaC::ex& s) const {
  const auto it = by_symbol_.find(s);
  return it == by_symbol_.end() ? nullptr : &list_[it->second];
}

const SymbolInfo* SymbolTable::find(const std::string& text) const {
  const auto it = by_text_.find(text);
  return it == by_text_.end() ? nullptr : &list_[it->second];
}

GiNaC::symbol SymbolTable::operator[](const std::string& text) const {
  const SymbolInfo* info = find(text);
  if (!info) throw InputError("no symbol named '" + text + "'");
  return info->symbol;
}

}  // namespace armdyn
