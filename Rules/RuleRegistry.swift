public enum RulesPlaceholder {}
